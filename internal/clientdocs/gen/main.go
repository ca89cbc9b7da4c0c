// Command gen writes internal/clientdocs/queries.json and hashes.json,
// the client's queries and mutations the server binary embeds (and the
// hashes the client sends for them) (the first data of a gallery page,
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
	for file, content := range map[string]func() ([]byte, error){
		clientdocs.EmbeddedFile: docs.EmbeddedJSON,
		clientdocs.HashesFile:   docs.HashesJSON,
	} {
		b, err := content()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := os.WriteFile(filepath.Join("internal", "clientdocs", file), b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
