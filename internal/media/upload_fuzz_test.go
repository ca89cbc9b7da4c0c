package media

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"testing"
)

// FuzzPutOriginal feeds fuzzed files to the upload check: every file is
// stored or refused with ErrNotImage, ErrTooLarge or ErrFileTooLarge, the
// pixel limit holds before any pixel is decoded, and nothing panics
// (stripJPEG, which serves an original as the viewer image, included).
func FuzzPutOriginal(f *testing.F) {
	var pngBuf bytes.Buffer
	_ = png.Encode(&pngBuf, textured(40, 30))
	good := encodeJPEG(f, textured(64, 48), 85) // 3072 pixels, under the limit below
	f.Add(good)
	f.Add(pngBuf.Bytes())
	f.Add(good[:len(good)/2])
	f.Add(pngHeaderOnly(50000, 50000))
	f.Add(jpegClaiming(f, 60000, 60000))
	f.Add([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "))
	f.Add([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00"))
	lim := Limits{MaxBytes: 1 << 20, MaxPixels: 1 << 16}
	s := newStore(f, nil)
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := s.PutOriginal(context.Background(), "pho_f", bytes.NewReader(data), lim)
		switch {
		case err == nil:
			if o.Width < 1 || o.Height < 1 || int64(o.Width)*int64(o.Height) > int64(lim.MaxPixels) || o.Size != int64(len(data)) {
				t.Fatalf("stored %+v", o)
			}
			// What would stand for the viewer image is never larger than
			// the file and is a whole JPEG.
			if st := stripJPEG(data); st != nil && (len(st) > len(data) || !bytes.HasPrefix(st, []byte{0xFF, 0xD8}) || !bytes.HasSuffix(st, []byte{0xFF, 0xD9})) {
				t.Fatalf("stripped %d bytes of %d", len(st), len(data))
			}
			_ = s.Bucket.Delete(context.Background(), o.Key)
		case errors.Is(err, ErrNotImage), errors.Is(err, ErrTooLarge), errors.Is(err, ErrFileTooLarge):
		default:
			t.Fatalf("unexpected error %v", err)
		}
	})
}

// TestLimitsAtTheEdge: a file of exactly MaxBytes bytes and an image of
// exactly MaxPixels pixels are accepted (MAX_UPLOAD_FILE_BYTES,
// MAX_UPLOAD_PIXELS); one byte or one pixel more is refused.
func TestLimitsAtTheEdge(t *testing.T) {
	good := encodeJPEG(t, textured(400, 300), 90)
	forEachBackend(t, func(t *testing.T, p processor) {
		s := newStore(t, p)
		put := func(lim Limits) error {
			_, err := s.PutOriginal(context.Background(), "pho_e", bytes.NewReader(good), lim)
			return err
		}
		if err := put(Limits{MaxBytes: int64(len(good)), MaxPixels: 400 * 300}); err != nil {
			t.Fatalf("at both limits: %v", err)
		}
		if err := put(Limits{MaxBytes: int64(len(good)) - 1}); !errors.Is(err, ErrFileTooLarge) {
			t.Fatalf("one byte over: %v", err)
		}
		if err := put(Limits{MaxPixels: 400*300 - 1}); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("one pixel over: %v", err)
		}
	})
}
