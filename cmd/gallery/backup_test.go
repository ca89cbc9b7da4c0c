package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studio/gallery/internal/testdb"
)

// TestBackupWhileServingThenRestore seeds the demo, places an order,
// favourites a photo and uploads one; backs the installation up with
// `gallery backup` while requests run; restores it with `gallery restore`
// into a fresh DATA_DIR (and, on PostgreSQL, a fresh database) with no
// SECRET_KEY in the environment; and checks that a new server on it
// answers the same gallery, order, favourites and photo bytes, and that the
// shopper's cookies still open it (the secret key came back).
func TestBackupWhileServingThenRestore(t *testing.T) {
	t.Parallel()
	f := newFaultEnv(t, "")
	srv := f.serve("first")
	b := f.newShopper(srv.URL, "anne@example.com")

	// An order paid by the demo gift card, a favourite, an upload.
	b.must("POST", "/api/cart/digitalFiles/"+b.photos[0]+"/"+b.hd, nil, nil)
	b.must("POST", "/api/cart/address", map[string]any{"billing": billing, "deliveryOption": "shipping"}, nil)
	b.must("POST", "/api/cart/vouchers/CADEAU-50", nil, nil)
	var p placed
	b.must("POST", "/api/orders", b.placeBody(), &p)
	if p.Order.ID == "" {
		t.Fatalf("order: %+v", p)
	}
	b.must("POST", "/api/users/selections/favorites/"+b.photos[1]+"/toggle/add", nil, nil)
	uploaded := uploadReady(t, b, f.token())

	before := snapshotOf(t, b, p.Order.ID, uploaded)

	// Back up while visitors keep reading and favouriting.
	var stop atomic.Bool
	var wg sync.WaitGroup
	var during atomic.Int64
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				if a := b.try("GET", "/api/photos", nil); a.err == nil && a.status == 200 {
					during.Add(1)
				}
			}
		}()
	}
	dir := t.TempDir()
	archive := filepath.Join(dir, "gallery.tar.gz")
	out := runGallery(t, f.env, "backup", "--to", archive)
	stop.Store(true)
	wg.Wait()
	if !strings.Contains(out, "blobs (copied)") || during.Load() == 0 {
		t.Fatalf("backup (%d reads during it):\n%s", during.Load(), out)
	}

	// Restore into a fresh installation, with the key from the backup.
	env := restoredEnv(t, f.env)
	out = runGallery(t, env, "restore", "--from", archive)
	kind := map[bool]string{true: "postgres database", false: "sqlite database"}[testdb.Postgres()]
	if !strings.Contains(out, "restored") || !strings.Contains(out, kind) || strings.Contains(out, "warning") {
		t.Fatalf("restore:\n%s", out)
	}
	// A second restore into the now full installation is refused.
	cmd := exec.Command(f.bin, "restore", "--from", archive)
	cmd.Env = append(os.Environ(), env...)
	if raw, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(raw), "not empty") {
		t.Fatalf("restore over data: %v\n%s", err, raw)
	}

	second := launch(t, f.bin, "restored", env)
	b.base = second.URL
	after := snapshotOf(t, b, p.Order.ID, uploaded)
	for _, k := range slices.Sorted(maps.Keys(before)) {
		if !bytes.Equal(before[k], after[k]) {
			t.Errorf("%s differs after the restore:\n before %.300s\n after  %.300s", k, before[k], after[k])
		}
	}
}

// snapshotOf reads what must survive a restore, as the shopper sees it.
func snapshotOf(t *testing.T, b *shopper, orderID, uploadedPhoto string) map[string][]byte {
	t.Helper()
	got := map[string][]byte{}
	read := func(name, method, path string, body any) []byte {
		a := b.try(method, path, body)
		if a.err != nil || a.status != 200 {
			t.Fatalf("%s: %d %s %v", name, a.status, a.body, a.err)
		}
		got[name] = a.body
		return a.body
	}
	var data map[string]json.RawMessage
	_ = json.Unmarshal(read("getData", "POST", "/api/core/getData", map[string]string{"url": "gala-2026"}), &data)
	got["getData"] = data["gallery"]
	read("order", "GET", "/api/orders/"+orderID, nil)
	fav := read("favourites", "GET", "/api/users/selections/favorites", nil)
	if !bytes.Contains(fav, []byte(b.photos[1])) {
		t.Fatalf("favourites without the photo: %s", fav)
	}
	var photos []struct {
		ID   string `json:"_id"`
		URLs struct {
			Thumbnail string `json:"thumbnail"`
		} `json:"urls"`
	}
	if err := json.Unmarshal(read("photos", "GET", "/api/photos", nil), &photos); err != nil {
		t.Fatal(err)
	}
	for _, ph := range photos {
		if ph.ID == b.photos[0] || ph.ID == uploadedPhoto {
			res, raw := b.get(b.base + ph.URLs.Thumbnail)
			if res.StatusCode != 200 || len(raw) == 0 {
				t.Fatalf("photo %s: %d", ph.URLs.Thumbnail, res.StatusCode)
			}
			got["bytes of "+ph.ID] = raw
		}
	}
	if got["bytes of "+uploadedPhoto] == nil {
		t.Fatalf("the uploaded photo %s is not in the gallery", uploadedPhoto)
	}
	return got
}

// restoredEnv is env with a new DATA_DIR, a new database and no SECRET_KEY.
func restoredEnv(t *testing.T, env []string) []string {
	t.Helper()
	out := []string{}
	for _, kv := range env {
		switch {
		case strings.HasPrefix(kv, "DATA_DIR="), strings.HasPrefix(kv, "DATABASE_URL="), strings.HasPrefix(kv, "SECRET_KEY="):
		default:
			out = append(out, kv)
		}
	}
	out = append(out, "DATA_DIR="+t.TempDir(), "SECRET_KEY=")
	if testdb.Postgres() {
		out = append(out, "DATABASE_URL="+testdb.CreatePostgres(t))
	} else {
		out = append(out, "DATABASE_URL=")
	}
	return out
}

// runGallery runs a gallery command that must succeed and returns its output.
func runGallery(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(galleryBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	raw, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gallery %s: %v\n%s", strings.Join(args, " "), err, raw)
	}
	return string(raw)
}

// uploadReady uploads a photo to the shopper's gallery as the
// photographer and waits until visitors see it (its derivatives made).
func uploadReady(t *testing.T, b *shopper, token string) string {
	t.Helper()
	r := startUpload(t, b.base, token, b.gala, "sauvegarde.jpg").finish()
	var out struct {
		Data struct {
			UploadPhotos struct {
				Photos []struct{ ID string }
			}
		}
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil || r.status != 200 || len(out.Data.UploadPhotos.Photos) != 1 {
		t.Fatalf("upload: %d %s %v", r.status, r.body, r.err)
	}
	id := out.Data.UploadPhotos.Photos[0].ID
	deadline := time.Now().Add(60 * time.Second)
	for {
		var photos []struct {
			ID     string `json:"_id"`
			Status string `json:"status"`
		}
		if a := b.try("GET", "/api/photos", nil); a.status == 200 && json.Unmarshal(a.body, &photos) == nil {
			for _, p := range photos {
				if p.ID == id && p.Status == "ready" {
					return id
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the uploaded photo %s never showed", id)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
