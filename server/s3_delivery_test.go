package server_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/viewer"
)

// noRedirects makes b's client stop at a redirect, to look at it.
func noRedirects(b *env) *env {
	b.web.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return b
}

// plainGet fetches an absolute address with no cookie and no redirect.
func plainGet(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// s3Refuses checks that S3 answers 403 to u.
func s3Refuses(t *testing.T, what, u string) {
	t.Helper()
	if res, body := plainGet(t, u); res.StatusCode != http.StatusForbidden {
		t.Errorf("%s: S3 answered %d, want 403:\n%.300s", what, res.StatusCode, body)
	}
}

// TestOriginalsByPresignedURL: on S3 (TEST_BLOB=s3) an HD original is
// delivered by a short-lived presigned address of the bucket, given by a 303
// after the access check: following it gets the original's bytes under the
// photo's name from S3 itself; the same address tampered with, unsigned,
// pointed at another file or expired is refused by S3; a viewer without
// access gets no address at all. Thumbnails stay on the app, cacheable. On
// file:// nothing changes: the app answers with the bytes.
func TestOriginalsByPresignedURL(t *testing.T) {
	e := newEnv(t, 3)
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	first := func(url string) *ent.Photo {
		g := db.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
		return db.Photo.Query().Where(photo.GalleryID(g.ID), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).FirstX(ctx)
	}
	gala, wed := first("gala-2026"), first("julie-et-thomas")
	want, err := e.media.Bucket.ReadAll(ctx, media.OriginalKey(gala.ID, gala.ContentHash))
	if err != nil || len(want) == 0 {
		t.Fatalf("original: %d bytes, %v", len(want), err)
	}
	visitor := noRedirects(e.another())
	res, body := visitor.do("GET", media.OriginalURL(gala.ID, gala.ContentHash), nil, nil)
	if !testblob.S3() {
		if res.StatusCode != 200 || !bytes.Equal(body, want) || res.Header.Get("Location") != "" {
			t.Fatalf("file:// original: %d, %d bytes, Location %q", res.StatusCode, len(body), res.Header.Get("Location"))
		}
	} else {
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("original on S3: %d %q, want 303 private, no-store", res.StatusCode, res.Header.Get("Cache-Control"))
		}
		srv := testblob.Start(t)
		if !strings.HasPrefix(loc, srv.Endpoint+"/"+srv.Bucket+"/") || !strings.Contains(loc, "X-Amz-Signature=") {
			t.Fatalf("Location %q is not a presigned address of %s/%s", loc, srv.Endpoint, srv.Bucket)
		}
		res, body = plainGet(t, loc)
		if res.StatusCode != 200 || !bytes.Equal(body, want) {
			t.Fatalf("following the address: %d, %d bytes (want %d)", res.StatusCode, len(body), len(want))
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, gala.Filename) {
			t.Errorf("S3's Content-Disposition %q, want an attachment named %s", cd, gala.Filename)
		}
		if ct := res.Header.Get("Content-Type"); ct != gala.ContentType {
			t.Errorf("S3's Content-Type %q, want %q", ct, gala.ContentType)
		}

		u, _ := url.Parse(loc)
		q := u.Query()
		sig := q.Get("X-Amz-Signature")
		flip := "0"
		if sig[0] == '0' {
			flip = "1"
		}
		q.Set("X-Amz-Signature", flip+sig[1:])
		tampered := *u
		tampered.RawQuery = q.Encode()
		s3Refuses(t, "a tampered signature", tampered.String())
		other := *u
		other.Path = strings.Replace(u.Path, gala.ID, wed.ID, 1)
		other.Path = strings.Replace(other.Path, gala.ContentHash, wed.ContentHash, 1)
		s3Refuses(t, "the signature of another file", other.String())
		bare := *u
		bare.RawQuery = ""
		s3Refuses(t, "the object without a signature", bare.String())
		q = u.Query()
		q.Set("response-content-disposition", "inline")
		tampered.RawQuery = q.Encode()
		s3Refuses(t, "another Content-Disposition", tampered.String())

		// A second-long address, used once it has expired.
		e.media.SignedURLExpiry = time.Second
		short, err := e.media.SignedURL(ctx, media.OriginalKey(gala.ID, gala.ContentHash), gala.Filename, gala.ContentType)
		e.media.SignedURLExpiry = media.DefaultSignedURLExpiry
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(2100 * time.Millisecond)
		s3Refuses(t, "an expired address", short)
	}

	// No access, no address: a guest of the wedding (no HD files for
	// guests) and a stranger get a refusal from the app, without Location.
	weddingID := e.galleryID("julie-et-thomas")
	guest := noRedirects(e.person("invite@example.com", weddingID, seed.DemoVisitorCode))
	stranger := noRedirects(e.another())
	for who, b := range map[string]*env{"guest": guest, "stranger": stranger} {
		res, body := b.do("GET", media.OriginalURL(wed.ID, wed.ContentHash), nil, nil)
		if res.StatusCode < 400 || res.Header.Get("Location") != "" || bytes.Contains(body, []byte("X-Amz")) {
			t.Errorf("wedding original for a %s: %d, Location %q", who, res.StatusCode, res.Header.Get("Location"))
		}
	}

	// Music plays from the app (small, ranges), on both stores: the
	// gala's track to a visitor, byte for byte.
	track := db.MusicTrack.Query().FirstX(ctx)
	wantTrack, err := e.media.Bucket.ReadAll(ctx, track.BlobKey)
	if err != nil {
		t.Fatal(err)
	}
	if res, body := visitor.do("GET", "/media/music/"+track.ID, nil, nil); res.StatusCode != 200 || !bytes.Equal(body, wantTrack) {
		t.Fatalf("music: %d, %d bytes (want %d)", res.StatusCode, len(body), len(wantTrack))
	}
	if res, body := visitor.do("GET", "/media/music/"+track.ID, nil, map[string]string{"Range": "bytes=0-43"}); res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, wantTrack[:44]) {
		t.Fatalf("music range: %d, %d bytes", res.StatusCode, len(body))
	}

	// Thumbnails are served by the app, cacheable, on both stores.
	thumb := media.URL(gala.ID, gala.ContentHash, media.Pick(gala.Derivatives, media.ThumbnailWidth))
	res, body = visitor.do("GET", thumb, nil, nil)
	if res.StatusCode != 200 || len(body) == 0 || !strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") {
		t.Fatalf("thumbnail: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
}

// TestArchivesByPresignedURL: a ready download archive's link checks its
// token, then on S3 redirects to a presigned address of the archive (the
// app spends no bandwidth on it), named after the gallery; on file:// the
// app serves it. A wrong token gets no address.
func TestArchivesByPresignedURL(t *testing.T) {
	d := newDownloadEnv(t, 0, true)
	b := d.another()
	want := d.photosIn("Accueil")
	status, r := d.request(b, d.gala, map[string]any{"email": "parent@example.com", "collections": []string{"Accueil"}, "quality": "hd"})
	if status != 200 {
		t.Fatalf("request: %d %+v", status, r)
	}
	d.jobsDone(map[string]int{downloads.KindPart: 2, downloads.KindMail: 1})
	if _, r = d.get(b, r.ID); r.Status != "ready" || len(r.Links) != 1 {
		t.Fatalf("ready: %+v", r)
	}
	res, body := plainGet(t, d.srv.URL+r.Links[0])
	if testblob.S3() {
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, testblob.Start(t).Endpoint+"/") || res.Header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("archive on S3: %d %q %q", res.StatusCode, loc, res.Header.Get("Cache-Control"))
		}
		if res, body = plainGet(t, loc); res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "attachment; filename=gala-2026-hd.zip" ||
			res.Header.Get("Content-Type") != "application/zip" {
			t.Fatalf("archive from S3: %d %v", res.StatusCode, res.Header)
		}
	} else if res.StatusCode != 200 || res.Header.Get("Location") != "" {
		t.Fatalf("archive on file://: %d %v", res.StatusCode, res.Header)
	}
	files := map[string][]byte{}
	unzipInto(t, body, files)
	sameArchive(t, files, d.originals(want))
	if int64(len(body)) != r.SizeBytes {
		t.Errorf("sizeBytes %d, archive weighs %d", r.SizeBytes, len(body))
	}
	wrong := strings.Replace(r.Links[0], d.linkToken(r.ID), strings.Repeat("x", 24), 1)
	if res, _ := plainGet(t, d.srv.URL+wrong); res.StatusCode != 404 || res.Header.Get("Location") != "" {
		t.Errorf("wrong token: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
}
