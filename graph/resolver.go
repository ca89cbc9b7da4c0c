// Package graph holds the thin gqlgen resolvers; domain rules live in internal/.
package graph

import "github.com/studio/gallery/internal/app"

//go:generate go tool gqlgen generate --config ../gqlgen.yml

// Resolver is the root resolver. It holds the same services as the REST
// door (app.New builds them once); Services.Photos is nil when the process
// has no job runner, which refuses uploadPhotos with an internal error.
// Where a resolver type has a field of a service's name (queryResolver's
// orders, galleryResolver's photographer), its methods name the service
// r.Services.X: the method hides the embedded field.
type Resolver struct {
	*app.Services
	Version string
}
