//go:build !embedclient

// Package web gives the server the built client.
package web

import (
	"io/fs"
	"os"
)

// Dist returns the client built on disk (CLIENT_DIR, default
// server/web/dist) when the binary was built without the embedclient tag,
// or nil when there is none.
func Dist() fs.FS {
	dir := os.Getenv("CLIENT_DIR")
	if dir == "" {
		dir = "server/web/dist"
	}
	if _, err := os.Stat(dir + "/index.html"); err != nil {
		return nil
	}
	return os.DirFS(dir)
}
