package testblob_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob"

	"github.com/studio/gallery/internal/testblob"
)

// TestStoresAreSeparate: two tests' stores never see each other's blobs,
// on file:// and on S3.
func TestStoresAreSeparate(t *testing.T) {
	ctx := context.Background()
	a, err := blob.OpenBucket(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := blob.OpenBucket(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.WriteAll(ctx, "photos/p/h/original", []byte("a's"), nil); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Exists(ctx, "photos/p/h/original"); err != nil || ok {
		t.Fatalf("b sees a's blob: %v %v", ok, err)
	}
	if got, err := a.ReadAll(ctx, "photos/p/h/original"); err != nil || string(got) != "a's" {
		t.Fatalf("a reads %q %v", got, err)
	}
}

// TestBucketIsPrivate: the S3 server checks signatures as AWS does, so the
// presigned-delivery tests mean something: nothing is read or listed
// anonymously, and a wrong secret is refused.
func TestBucketIsPrivate(t *testing.T) {
	if !testblob.S3() {
		t.Skip("TEST_BLOB=s3 (make test-go-s3) runs this against the S3 server")
	}
	s := testblob.Start(t)
	ctx := context.Background()
	bk, err := blob.OpenBucket(ctx, s.PrefixURL("private/"))
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	if err := bk.WriteAll(ctx, "secret", []byte("not for everyone"), nil); err != nil {
		t.Fatal(err)
	}
	for what, u := range map[string]string{
		"read":  s.Endpoint + "/" + s.Bucket + "/private/secret",
		"list":  s.Endpoint + "/" + s.Bucket + "?list-type=2",
		"write": "",
	} {
		if u == "" {
			req, _ := http.NewRequest("PUT", s.Endpoint+"/"+s.Bucket+"/private/other", nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("anonymous write: %d, want 403", res.StatusCode)
			}
			continue
		}
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("anonymous %s: %d, want 403: %.200s", what, res.StatusCode, body)
		}
	}
	t.Setenv("AWS_SECRET_ACCESS_KEY", "not-the-secret")
	wrong, err := blob.OpenBucket(ctx, s.PrefixURL("private/"))
	if err != nil {
		t.Fatal(err)
	}
	defer wrong.Close()
	if _, err := wrong.ReadAll(ctx, "secret"); err == nil {
		t.Error("a wrong secret reads the bucket")
	}
}
