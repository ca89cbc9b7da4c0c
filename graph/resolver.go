// Package graph holds the thin gqlgen resolvers; domain rules live in internal/.
package graph

import "github.com/studio/gallery/internal/app"

//go:generate go tool gqlgen generate --config ../gqlgen.yml

// Resolver is the root resolver. It holds the same services as the REST
// door (app.New builds them once); Services.Photos is nil when the process
// has no job runner, which refuses uploadPhotos with an internal error.
type Resolver struct {
	*app.Services
	Version string
}
