package server_test

import (
	"testing"
)

// BenchmarkRESTPhotos measures GET /api/photos on a 48-photo gallery.
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
