// Command gen writes internal/clientdocs/queries.json, the client's
// queries the server binary embeds (the first data of a gallery page,
// server/firstdata.go), from client/src/gql/gql.ts. `make generate` runs
// it from the repository's root after graphql-codegen.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/studio/gallery/internal/clientdocs"
)

func main() {
	docs, err := clientdocs.Load(clientdocs.Path("."))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	b, err := docs.EmbeddedJSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(filepath.Join("internal", "clientdocs", clientdocs.EmbeddedFile), b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
