package media

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"image/jpeg"
	"io"
	"time"
)

// maxViewerBitsPerPixel bounds the original that may stand for the viewer
// image (see servesAsViewer): 4 bits a pixel is 480 KB for 1200x800, about
// twice what our quality-82 derivative of a detailed photo weighs. A
// heavier original (quality 98 and up) gets a derivative, whatever it costs
// in storage, so that visitors never download more than that.
const maxViewerBitsPerPixel = 4

// maxViewerBytes bounds it whatever its shape (a 2048x2048 original at 4
// bits a pixel is 2 MB), so that serving it never reads a large file.
const maxViewerBytes = 16 << 20

// servesAsViewer tells whether the original itself, with its metadata
// removed (stripJPEG), is the viewer image, so that no same-size copy is
// encoded and stored. That is the case when re-encoding would only lose
// quality and add bytes:
//   - a JPEG the standard library reads (baseline or progressive, 8 bits,
//     grey or YCbCr: what every browser shows), not CMYK;
//   - displayed as stored (EXIF orientation 1 or none): the EXIF block goes;
//   - in sRGB (no profile, or an sRGB one): the profile goes too, and a
//     browser shows untagged pixels as sRGB;
//   - exactly the viewer's width;
//   - at most maxViewerBitsPerPixel (and maxViewerBytes).
//
// Metadata never reaches visitors either way: EXIF (GPS, serial numbers),
// XMP, IPTC, comments, profiles and anything after the image (MPF
// previews) are cut. The HD original keeps them for those entitled.
func servesAsViewer(data []byte, h header, width int) bool {
	if h.format != formatJPEG || h.orientation != 1 || h.storedW != width || width <= 0 {
		return false
	}
	if len(data) > maxViewerBytes || int64(len(data))*8 > int64(maxViewerBitsPerPixel)*int64(h.storedW)*int64(h.storedH) {
		return false
	}
	if h.icc != nil {
		if t, err := parseICC(h.icc); err != nil || t != nil {
			return false
		}
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width != h.storedW || cfg.Height != h.storedH {
		return false
	}
	switch cfg.ColorModel {
	case color.YCbCrModel, color.GrayModel:
		return stripJPEG(data) != nil
	}
	return false
}

// stripJPEG returns the image of a JPEG without its metadata: the segments
// kept are the coding ones (tables, frame, scans, restart interval), JFIF's
// APP0 and Adobe's APP14 (which says how the colours are coded); every
// other APPn (EXIF, XMP, ICC, IPTC, MPF, maker notes) and every comment is
// dropped, and so is everything after the end-of-image marker. The entropy
// coded data is copied untouched, so the pixels are the original's. It
// returns nil when the file does not parse to an end-of-image marker.
func stripJPEG(data []byte) []byte {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return nil
	}
	out := make([]byte, 0, len(data))
	out = append(out, 0xFF, 0xD8)
	i := 2
	for i+2 <= len(data) {
		if data[i] != 0xFF {
			return nil
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0xD9:
			return append(out, 0xFF, 0xD9)
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			out = append(out, 0xFF, marker)
			i += 2
			continue
		}
		if i+4 > len(data) {
			return nil
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		end := i + 2 + n
		if n < 2 || end > len(data) {
			return nil
		}
		seg := data[i+4 : end]
		keep := true
		switch {
		case marker == 0xE0:
			keep = bytes.HasPrefix(seg, []byte("JFIF\x00"))
		case marker == 0xEE:
			keep = bytes.HasPrefix(seg, []byte("Adobe"))
		case marker >= 0xE1 && marker <= 0xEF, marker == 0xFE:
			keep = false
		}
		if keep {
			out = append(out, data[i:end]...)
		}
		i = end
		if marker != 0xDA {
			continue
		}
		// Entropy-coded data runs to the next marker that is neither a
		// stuffed zero nor a restart marker.
		j := i
		for ; j+1 < len(data); j++ {
			if data[j] == 0xFF && data[j+1] != 0 && (data[j+1] < 0xD0 || data[j+1] > 0xD7) && data[j+1] != 0xFF {
				break
			}
		}
		if j+1 >= len(data) {
			return nil
		}
		out = append(out, data[i:j]...)
		i = j
	}
	return nil
}

// File is one stored file opened for serving: a derivative, a watermarked
// file, or the original standing for the viewer image.
type File interface {
	io.ReadSeekCloser
	// ModTime is when the file was stored.
	ModTime() time.Time
	// Size is its length in bytes.
	Size() int64
}

// memFile serves bytes made on the fly.
type memFile struct {
	*bytes.Reader
	mod time.Time
}

func (f memFile) ModTime() time.Time { return f.mod }
func (f memFile) Close() error       { return nil }
