package media

import (
	"context"
	"fmt"
	"mime"
	"net/url"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// DefaultSignedURLExpiry is how long a presigned address stays valid unless
// Store.SignedURLExpiry says otherwise (BLOB_SIGNED_URL_TTL's default).
const DefaultSignedURLExpiry = 5 * time.Minute

// Signs tells whether large files (originals, download archives) are
// delivered by a presigned address of the store rather than through the
// app: on S3 (s3:// URLs), unless SignedURLExpiry is zero. file:// and
// mem:// stores never sign: the app serves their bytes.
func (s *Store) Signs() bool { return s.s3 && s.SignedURLExpiry > 0 }

// SignedURL returns a short-lived GET address of the object at key on the
// store itself (S3), valid for SignedURLExpiry. The answer's
// Content-Disposition is an attachment named filename, and its Content-Type
// is contentType when given (S3's response-content-* parameters, part of
// the signature). ErrMissing when the object does not exist (S3 would
// answer 404 after the redirect); an error when the store does not sign
// (Signs is false): the caller serves the bytes itself then.
func (s *Store) SignedURL(ctx context.Context, key, filename, contentType string) (string, error) {
	if !s.Signs() {
		return "", fmt.Errorf("media: %s store gives no signed URLs", s.scheme)
	}
	if ok, err := s.Bucket.Exists(ctx, key); err != nil {
		return "", fmt.Errorf("media: exists %s: %w", key, err)
	} else if !ok {
		return "", ErrMissing
	}
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": filename})
	u, err := s.Bucket.SignedURL(ctx, key, &blob.SignedURLOptions{
		Expiry: s.SignedURLExpiry,
		Method: "GET",
		BeforeSign: func(as func(any) bool) error {
			var in *s3.GetObjectInput
			if !as(&in) {
				return fmt.Errorf("media: signing %s: not an S3 GetObject", key)
			}
			if filename != "" {
				in.ResponseContentDisposition = aws.String(disposition)
			}
			if contentType != "" {
				in.ResponseContentType = aws.String(contentType)
			}
			in.ResponseCacheControl = aws.String("private, no-store")
			return nil
		},
	})
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return "", ErrMissing
		}
		return "", fmt.Errorf("media: sign %s: %w", key, err)
	}
	return u, nil
}

// scheme returns the scheme of a blob URL ("file", "s3", "mem").
func scheme(blobURL string) string {
	u, err := url.Parse(blobURL)
	if err != nil {
		return ""
	}
	return u.Scheme
}
