package photos_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/photos"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type env struct {
	db     *store.DB
	blobs  *media.Store
	runner *jobs.Runner
	pg     *ent.Photographer
	g      *ent.Gallery
	// owner is the context of the gallery's photographer.
	owner context.Context
}

func newEnv(t *testing.T) env {
	t.Helper()
	db := testdb.Open(t)
	blobs, err := media.Open(context.Background(), testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	r, err := jobs.New(context.Background(), db, jobs.Config{
		Media: blobs, TestOnly: true, FetchPollInterval: 100 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := r.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	sys := viewer.SystemContext(context.Background())
	pg := db.Client.Photographer.Create().SetName("Studio Lumière").SetEmail("studio@example.com").SaveX(sys)
	g := db.Client.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(pg).
		SetCollectionNames([]string{"Préparatifs", "Cérémonie"}).SaveX(sys)
	return env{db: db, blobs: blobs, runner: r, pg: pg, g: g,
		owner: viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: pg.ID})}
}

func jpeg(t *testing.T, seed uint64, w, h int) []byte {
	t.Helper()
	b, err := media.DemoJPEG(seed, w, h, fmt.Sprintf("photo %d", seed))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func file(name, collection string, data []byte) photos.UploadFile {
	return photos.UploadFile{Filename: name, Collection: collection, Size: int64(len(data)), Body: bytes.NewReader(data)}
}

// blobKeys lists everything in the bucket.
func blobKeys(t *testing.T, s *media.Store) []string {
	t.Helper()
	var keys []string
	it := s.Bucket.List(nil)
	for {
		o, err := it.Next(context.Background())
		if err == io.EOF {
			return keys
		}
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, o.Key)
	}
}

func countJobs(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.SQL.QueryRowContext(context.Background(), "SELECT count(*) FROM river_job").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestUploadReturnsProcessingPhotosThenJobsMakeThemReady(t *testing.T) {
	e := newEnv(t)
	sys := viewer.SystemContext(context.Background())
	e.db.Client.Photo.Create().SetGallery(e.g).SetFilename("old.jpg").SetWidth(10).SetHeight(10).SetPosition(4).ExecX(sys)

	files := []photos.UploadFile{
		file("IMG_0001.jpg", "Cérémonie", jpeg(t, 1, 900, 600)),
		file(`C:\Users\julie\IMG_0002.jpg`, "Soirée", jpeg(t, 2, 600, 900)),
		file("../../IMG_0003.jpg", "", jpeg(t, 3, 700, 700)),
	}
	res, err := photos.New(e.db.Client, e.blobs, e.runner, media.Limits{}).Upload(e.owner, e.g.ID, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, collection string
		w, h, pos        int
	}{
		{"IMG_0001.jpg", "Cérémonie", 900, 600, 5},
		{"IMG_0002.jpg", "Soirée", 600, 900, 6},
		{"IMG_0003.jpg", "", 700, 700, 7},
	}
	if len(res) != len(want) {
		t.Fatalf("%d results, want %d", len(res), len(want))
	}
	for i, w := range want {
		r := res[i]
		if r.Err != nil || r.Photo == nil {
			t.Fatalf("file %d: %v", i, r.Err)
		}
		// Straight from the upload: stored and committed, not processed.
		p := e.db.Client.Photo.GetX(sys, r.Photo.ID)
		if r.Filename != w.name || p.Filename != w.name || p.Collection != w.collection || p.Width != w.w || p.Height != w.h ||
			p.Position != w.pos || p.Status != photo.StatusProcessing || r.Photo.Status != photo.StatusProcessing ||
			len(p.Derivatives) != 0 || p.ContentType != "image/jpeg" || p.SizeBytes != files[i].Size ||
			p.OriginalKey != media.OriginalKey(p.ID, p.ContentHash) || !strings.HasPrefix(p.ID, "pho_") {
			t.Fatalf("file %d stored as %+v, want %+v", i, p, w)
		}
		if ok, err := e.blobs.Bucket.Exists(context.Background(), p.OriginalKey); err != nil || !ok {
			t.Fatalf("file %d: original missing (%v)", i, err)
		}
	}
	if got := e.db.Client.Gallery.GetX(sys, e.g.ID).CollectionNames; !slices.Equal(got, []string{"Préparatifs", "Cérémonie", "Soirée"}) {
		t.Fatalf("collections %v: the new one should be added once", got)
	}
	if n := countJobs(t, e.db); n != 3 {
		t.Fatalf("%d jobs queued, want 3", n)
	}

	w := e.runner.Watch(jobs.KindDerivatives)
	defer w.Close()
	if err := e.runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done, err := w.Wait(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range done {
		if j.State != rivertype.JobStateCompleted {
			t.Fatalf("job %d: %s %v", j.ID, j.State, j.Errors)
		}
	}
	for i, r := range res {
		p := e.db.Client.Photo.GetX(sys, r.Photo.ID)
		if p.Status != photo.StatusReady || len(p.Derivatives) == 0 || p.DominantColor == "#cccccc" {
			t.Fatalf("file %d after the jobs: %s, derivatives %v, colour %s", i, p.Status, p.Derivatives, p.DominantColor)
		}
		for _, width := range p.Derivatives {
			f, err := e.blobs.OpenDerivative(context.Background(), p.ID, p.ContentHash, width)
			if err != nil {
				t.Fatalf("file %d: derivative %d missing: %v", i, width, err)
			}
			f.Close()
		}
	}
}

func TestUploadRefusesBadFilesOneByOne(t *testing.T) {
	good := jpeg(t, 10, 800, 600)
	for _, tc := range []struct {
		name     string
		limits   media.Limits
		file     photos.UploadFile
		wantCode string
	}{
		{"not an image", media.Limits{}, file("notes.txt", "", []byte("Bonjour, ceci n'est pas une photo.")), "not_an_image"},
		{"truncated JPEG", media.Limits{}, file("cut.jpg", "", good[:len(good)/2]), "not_an_image"},
		{"empty file", media.Limits{}, file("empty.jpg", "", nil), "not_an_image"},
		{"file over the size limit", media.Limits{MaxBytes: int64(len(good)) - 1}, photos.UploadFile{Filename: "big.jpg", Body: bytes.NewReader(good)}, "file_too_large"},
		{"declared size over the limit", media.Limits{MaxBytes: 1 << 20}, photos.UploadFile{Filename: "big.jpg", Size: 2 << 20, Body: strings.NewReader("x")}, "file_too_large"},
		{"too many pixels", media.Limits{MaxPixels: 800*600 - 1}, file("huge.jpg", "", good), "image_too_large"},
		{"collection name too long", media.Limits{}, file("a.jpg", strings.Repeat("é", 61), good), "invalid_collection"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			svc := photos.New(e.db.Client, e.blobs, e.runner, tc.limits)
			// A good file after the bad one still goes in.
			other := file("ok.jpg", "", jpeg(t, 11, 320, 240))
			res, err := svc.Upload(e.owner, e.g.ID, []photos.UploadFile{tc.file, other})
			if err != nil {
				t.Fatal(err)
			}
			ae := apperr.As(res[0].Err)
			if ae == nil || ae.Code != tc.wantCode || res[0].Photo != nil || ae.Message(lang.FR) == "" || !slices.Equal(ae.Field, []string{"files", "0"}) {
				t.Fatalf("bad file: %#v, want code %s on files.0", res[0].Err, tc.wantCode)
			}
			if res[1].Err != nil || res[1].Photo == nil {
				t.Fatalf("good file after a bad one: %v", res[1].Err)
			}
			sys := viewer.SystemContext(context.Background())
			if n := e.db.Client.Photo.Query().CountX(sys); n != 1 {
				t.Fatalf("%d photo rows, want only the good one", n)
			}
			if keys := blobKeys(t, e.blobs); len(keys) != 1 || !strings.Contains(keys[0], res[1].Photo.ID) {
				t.Fatalf("blobs %v, want only the good original", keys)
			}
			if n := countJobs(t, e.db); n != 1 {
				t.Fatalf("%d jobs, want 1", n)
			}
		})
	}
}

// TestUploadLeavesNothingWhenTheTransactionFails breaks job insertion, so
// the transaction fails after the original was stored: the blob must go.
func TestUploadLeavesNothingWhenTheTransactionFails(t *testing.T) {
	e := newEnv(t)
	if _, err := e.db.SQL.Exec("ALTER TABLE river_job RENAME TO river_job_away"); err != nil {
		t.Fatal(err)
	}
	res, err := photos.New(e.db.Client, e.blobs, e.runner, media.Limits{}).
		Upload(e.owner, e.g.ID, []photos.UploadFile{file("a.jpg", "Nouvelle", jpeg(t, 20, 400, 300))})
	if err != nil {
		t.Fatal(err)
	}
	if ae := apperr.As(res[0].Err); ae == nil || ae.Code != "upload_failed" || res[0].Photo != nil {
		t.Fatalf("result %#v, want upload_failed", res[0].Err)
	}
	sys := viewer.SystemContext(context.Background())
	if n := e.db.Client.Photo.Query().CountX(sys); n != 0 {
		t.Fatalf("%d photo rows left", n)
	}
	if keys := blobKeys(t, e.blobs); len(keys) != 0 {
		t.Fatalf("blobs left: %v", keys)
	}
	if got := e.db.Client.Gallery.GetX(sys, e.g.ID).CollectionNames; slices.Contains(got, "Nouvelle") {
		t.Fatalf("collection added by a failed upload: %v", got)
	}
}

func TestUploadIsForTheGallerysPhotographerOnly(t *testing.T) {
	e := newEnv(t)
	sys := viewer.SystemContext(context.Background())
	other := e.db.Client.Photographer.Create().SetName("Autre studio").SetEmail("autre@example.com").SaveX(sys)
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		gallery string
		want    error
	}{
		{"anonymous", context.Background(), e.g.ID, apperr.ErrUnauthorized},
		{"visitor with a client grant", viewer.NewContext(context.Background(), &viewer.Viewer{Grants: map[string]viewer.Role{e.g.ID: viewer.RoleClient}}), e.g.ID, apperr.ErrUnauthorized},
		{"another photographer", viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: other.ID}), e.g.ID, apperr.ErrForbidden},
		{"unknown gallery", e.owner, "gal_missing", apperr.ErrGalleryNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := photos.New(e.db.Client, e.blobs, e.runner, media.Limits{}).
				Upload(tc.ctx, tc.gallery, []photos.UploadFile{file("a.jpg", "", jpeg(t, 30, 320, 240))})
			if !errors.Is(err, tc.want) || res != nil {
				t.Fatalf("Upload: %v, want %v", err, tc.want)
			}
		})
	}
	if n := e.db.Client.Photo.Query().CountX(sys); n != 0 {
		t.Fatalf("%d photos stored by refused uploads", n)
	}
	if keys := blobKeys(t, e.blobs); len(keys) != 0 {
		t.Fatalf("blobs stored by refused uploads: %v", keys)
	}
}

func TestSanitizeFilename(t *testing.T) {
	long := strings.Repeat("é", 200) + ".jpeg"
	for _, tc := range []struct{ in, want string }{
		{"IMG_0001.JPG", "IMG_0001.JPG"},
		{"/home/julie/Photos/IMG_0001.jpg", "IMG_0001.jpg"},
		{`C:\Users\julie\mariage 1.jpg`, "mariage 1.jpg"},
		{"../../etc/passwd", "passwd"},
		{"  bonjour\x00\t\u202e.jpg  ", "bonjour .jpg"},
		{"\xff\xfeimage.png", "image.png"},
		{"...", "photo"},
		{"", "photo"},
		{long, strings.Repeat("é", 125) + ".jpeg"},
	} {
		got := photos.SanitizeFilename(tc.in)
		if got != tc.want || len(got) > 255 {
			t.Errorf("SanitizeFilename(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
