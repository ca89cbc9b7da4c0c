package media

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"slices"
)

// Formats an upload may have. Only the vips back end decodes the last three.
const (
	formatJPEG = "jpeg"
	formatPNG  = "png"
	formatWebP = "webp"
	formatHEIF = "heif"
	formatAVIF = "avif"
)

// header is what probing learns without decoding any pixel.
type header struct {
	format string
	// storedW and storedH are the pixel dimensions as stored in the file.
	storedW, storedH int
	// orientation is the EXIF orientation, 1 to 8 (1 when absent).
	orientation int
	// icc is the embedded colour profile, if any (JPEG and PNG only).
	icc []byte
}

// displayed returns the size as shown once the orientation is applied.
func (h header) displayed() (w, h2 int) {
	if h.orientation >= 5 {
		return h.storedH, h.storedW
	}
	return h.storedW, h.storedH
}

// contentType is the MIME type recorded with the original.
func contentType(format string) string {
	if format == formatHEIF {
		return "image/heic"
	}
	return "image/" + format
}

// sniff names the format from the first bytes; "" when unknown.
func sniff(data []byte) string {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return formatJPEG
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return formatPNG
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return formatWebP
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		switch string(data[8:12]) {
		case "avif", "avis":
			return formatAVIF
		case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1":
			return formatHEIF
		}
	}
	return ""
}

// probeGo reads the header of a JPEG or PNG with the standard library, which
// stops before the pixels: a PNG that claims 50000x50000 costs a few bytes.
func probeGo(data []byte) (header, error) {
	h := header{format: sniff(data), orientation: 1}
	var cfg image.Config
	var err error
	switch h.format {
	case formatJPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
		if err == nil {
			h.orientation, h.icc = jpegMetadata(data)
		}
	case formatPNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
		if err == nil {
			h.icc = pngICC(data)
		}
	default:
		return header{}, fmt.Errorf("%w: unknown format", ErrNotImage)
	}
	if err != nil {
		return header{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return header{}, fmt.Errorf("%w: empty image", ErrNotImage)
	}
	h.storedW, h.storedH = cfg.Width, cfg.Height
	return h, nil
}

// checkComplete refuses files cut short, the usual result of an interrupted
// upload, without decoding them. A JPEG must hold an end-of-image marker
// after the start of its first scan (found by walking the segments, so that
// an EXIF thumbnail's own markers do not count; 0xFFD9 cannot occur inside
// entropy-coded data), a PNG must reach its IEND chunk, a WebP must hold as
// many bytes as its RIFF header announces. Both back ends run it: libvips
// only warns on a truncated JPEG and fills the missing part with grey.
func checkComplete(format string, data []byte) error {
	complete := true
	switch format {
	case formatJPEG:
		_, _, sos := jpegSegments(data)
		complete = sos > 0 && bytes.Contains(data[sos:], []byte{0xFF, 0xD9})
	case formatPNG:
		complete = pngComplete(data)
	case formatWebP:
		complete = int64(binary.LittleEndian.Uint32(data[4:8]))+8 <= int64(len(data))
	}
	if !complete {
		return fmt.Errorf("%w: truncated %s", ErrNotImage, format)
	}
	return nil
}

// pngComplete walks the chunks up to IEND.
func pngComplete(data []byte) bool {
	for i := 8; i+12 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[i:]))
		if string(data[i+4:i+8]) == "IEND" {
			return true
		}
		if int64(i)+12+n > int64(len(data)) {
			return false
		}
		i += 12 + int(n)
	}
	return false
}

// jpegMetadata returns the EXIF orientation and the ICC profile of a JPEG.
func jpegMetadata(data []byte) (orientation int, icc []byte) {
	orientation, icc, _ = jpegSegments(data)
	return orientation, icc
}

// jpegSegments walks the JPEG segments before the first scan and returns
// the EXIF orientation (1 when absent), the ICC profile (reassembled from
// its APP2 chunks) and the offset of the first start-of-scan marker (-1
// when the file ends before it).
func jpegSegments(data []byte) (orientation int, icc []byte, sos int) {
	orientation = 1
	var chunks []iccChunk
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			i++
			continue
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			i += 2
			continue
		case marker == 0xDA:
			return orientation, joinICC(chunks), i
		case marker == 0xD9:
			return orientation, joinICC(chunks), -1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		seg := data[i+4 : i+2+n]
		switch {
		case marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			if o := exifOrientation(seg[6:]); o != 0 {
				orientation = o
			}
		case marker == 0xE2 && len(seg) > 14 && bytes.HasPrefix(seg, []byte("ICC_PROFILE\x00")):
			chunks = append(chunks, iccChunk{seg[12], seg[14:]})
		}
		i += 2 + n
	}
	return orientation, joinICC(chunks), -1
}

// iccChunk is one APP2 piece of a JPEG's ICC profile.
type iccChunk struct {
	seq  byte
	data []byte
}

// joinICC puts the pieces back in order; nil when one is missing.
func joinICC(chunks []iccChunk) []byte {
	var out []byte
	for seq := 1; seq <= len(chunks); seq++ {
		i := slices.IndexFunc(chunks, func(c iccChunk) bool { return int(c.seq) == seq })
		if i < 0 {
			return nil
		}
		out = append(out, chunks[i].data...)
	}
	return out
}

// exifOrientation reads tag 0x0112 of IFD0 in a TIFF-structured EXIF block;
// 0 when absent or malformed.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	if bo.Uint16(tiff[2:]) != 42 {
		return 0
	}
	ifd := int(bo.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 0
	}
	n := int(bo.Uint16(tiff[ifd:]))
	for k := 0; k < n; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(tiff) {
			return 0
		}
		if bo.Uint16(tiff[e:]) != 0x0112 {
			continue
		}
		if bo.Uint16(tiff[e+2:]) != 3 { // SHORT
			return 0
		}
		if o := int(bo.Uint16(tiff[e+8:])); o >= 1 && o <= 8 {
			return o
		}
		return 0
	}
	return 0
}

// pngICC returns the zlib-compressed profile of an iCCP chunk, inflated.
func pngICC(data []byte) []byte {
	for i := 8; i+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[i:]))
		typ := string(data[i+4 : i+8])
		if n < 0 || i+12+n > len(data) || typ == "IDAT" || typ == "IEND" {
			return nil
		}
		if typ == "iCCP" {
			body := data[i+8 : i+8+n]
			z := bytes.IndexByte(body, 0)
			if z < 0 || z+2 > len(body) {
				return nil
			}
			r, err := zlib.NewReader(bytes.NewReader(body[z+2:]))
			if err != nil {
				return nil
			}
			// A profile is a few kilobytes; refuse a zlib bomb.
			p, err := io.ReadAll(io.LimitReader(r, 4<<20))
			if err != nil {
				return nil
			}
			return p
		}
		i += 12 + n
	}
	return nil
}
