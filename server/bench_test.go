package server_test

import (
	"testing"
)

// BenchmarkGalleryHomeQuery measures the client's gallery-home GraphQL
// query on a 48-photo gallery (first page of 100) through real HTTP.
func BenchmarkGalleryHomeQuery(b *testing.B) {
	e := newEnv(b, 48)
	vars := map[string]any{"url": "gala-2026"}
	b.ResetTimer()
	for b.Loop() {
		if r := e.graphql(homeQuery, vars, nil); len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	}
}

// BenchmarkRESTPhotos measures GET /api/photos on the same gallery.
func BenchmarkRESTPhotos(b *testing.B) {
	e := newEnv(b, 48)
	h := map[string]string{"X-Gallery-Id": e.galleryID("gala-2026")}
	b.ResetTimer()
	for b.Loop() {
		if res, _ := e.do("GET", "/api/photos", nil, h); res.StatusCode != 200 {
			b.Fatal(res.StatusCode)
		}
	}
}
