package photographer

import (
	"bytes"
	"encoding/binary"
)

// Audio is what SniffAudio reads of an audio file.
type Audio struct {
	// ContentType: audio/mpeg, audio/aac, audio/mp4 or audio/ogg.
	ContentType string
	// DurationSeconds, rounded; 0 when the container does not say cheaply.
	DurationSeconds int
}

// SniffAudio tells an audio file's type from its bytes alone: MP3 (MPEG
// audio layer III frames, after an optional ID3v2 tag), AAC in ADTS frames,
// AAC in an MPEG-4 audio file (ftyp brand M4A or M4B), or Ogg Vorbis or
// Opus. The first frames must be well formed (two consecutive MP3 or ADTS
// frames, or one frame filling the whole file), so a renamed image, text or
// video is refused.
func SniffAudio(data []byte) (Audio, bool) {
	switch {
	case bytes.HasPrefix(data, []byte("OggS")):
		return sniffOgg(data)
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		return sniffM4A(data)
	}
	off := 0
	if bytes.HasPrefix(data, []byte("ID3")) && len(data) >= 10 {
		size := int(data[6]&0x7f)<<21 | int(data[7]&0x7f)<<14 | int(data[8]&0x7f)<<7 | int(data[9]&0x7f)
		off = 10 + size
		if data[5]&0x10 != 0 {
			off += 10
		}
	}
	if off+4 > len(data) {
		return Audio{}, false
	}
	if adts, _ := adtsFrame(data[off:]); adts > 0 {
		return sniffADTS(data[off:])
	}
	return sniffMP3(data[off:])
}

// mp3Bitrates are the bitrates (kbit/s) of layer III by index, for MPEG-1
// and for MPEG-2/2.5.
var mp3Bitrates = [2][16]int{
	{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0},
	{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0},
}

var mp3Rates = [3]int{44100, 48000, 32000}

// mp3Frame reads the MPEG audio layer III frame header at the start of b:
// the frame's length in bytes, its samples and its sample rate (0 when b
// does not start with one).
func mp3Frame(b []byte) (length, samples, rate int) {
	if len(b) < 4 || b[0] != 0xff || b[1]&0xe0 != 0xe0 {
		return 0, 0, 0
	}
	version := (b[1] >> 3) & 3 // 0: 2.5, 2: 2, 3: 1
	layer := (b[1] >> 1) & 3   // 1: layer III
	if version == 1 || layer != 1 {
		return 0, 0, 0
	}
	bi, ri := b[2]>>4, (b[2]>>2)&3
	if bi == 0 || bi == 15 || ri == 3 {
		return 0, 0, 0
	}
	padding := int(b[2]>>1) & 1
	rate = mp3Rates[ri]
	table, coef, samples := 0, 144, 1152
	if version != 3 {
		table, coef, samples = 1, 72, 576
		rate /= 2
		if version == 0 {
			rate /= 2
		}
	}
	length = coef*mp3Bitrates[table][bi]*1000/rate + padding
	if length < 4 {
		return 0, 0, 0
	}
	return length, samples, rate
}

// sniffMP3 walks the frames from the start of b: at least two in a row, or
// one that ends exactly with the file.
func sniffMP3(b []byte) (Audio, bool) {
	n, total, off := 0, 0.0, 0
	for off < len(b) {
		l, samples, rate := mp3Frame(b[off:])
		if l == 0 {
			break
		}
		if off+l > len(b) && n > 0 {
			break
		}
		n++
		total += float64(samples) / float64(rate)
		off += l
	}
	if n == 0 || (n == 1 && off != len(b)) {
		return Audio{}, false
	}
	return Audio{ContentType: "audio/mpeg", DurationSeconds: int(total + 0.5)}, true
}

var adtsRates = [13]int{96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350}

// adtsFrame reads the ADTS header at the start of b: the frame's length
// and sample rate (0 when b does not start with one).
func adtsFrame(b []byte) (length, rate int) {
	if len(b) < 7 || b[0] != 0xff || b[1]&0xf6 != 0xf0 {
		return 0, 0
	}
	ri := int(b[2]>>2) & 0xf
	if ri >= len(adtsRates) {
		return 0, 0
	}
	length = int(b[3]&3)<<11 | int(b[4])<<3 | int(b[5]>>5)
	header := 7
	if b[1]&1 == 0 {
		header = 9 // with CRC
	}
	if length < header {
		return 0, 0
	}
	return length, adtsRates[ri]
}

func sniffADTS(b []byte) (Audio, bool) {
	n, total, off := 0, 0.0, 0
	for off < len(b) {
		l, rate := adtsFrame(b[off:])
		if l == 0 || (off+l > len(b) && n > 0) {
			break
		}
		n++
		total += 1024 / float64(rate)
		off += l
	}
	if n == 0 || (n == 1 && off != len(b)) {
		return Audio{}, false
	}
	return Audio{ContentType: "audio/aac", DurationSeconds: int(total + 0.5)}, true
}

// sniffM4A accepts an MPEG-4 file whose brand (major or compatible) is an
// audio one: M4A or M4B.
func sniffM4A(b []byte) (Audio, bool) {
	size := int(binary.BigEndian.Uint32(b[0:4]))
	if size < 16 || size > len(b) || size > 4096 {
		return Audio{}, false
	}
	for i := 8; i+4 <= size; i += 4 {
		if i == 12 {
			continue // minor version
		}
		switch string(b[i : i+4]) {
		case "M4A ", "M4B ":
			return Audio{ContentType: "audio/mp4"}, true
		}
	}
	return Audio{}, false
}

// sniffOgg accepts an Ogg stream whose first packet is a Vorbis or Opus
// identification header; the duration is the last page's granule position
// over the sample rate.
func sniffOgg(b []byte) (Audio, bool) {
	if len(b) < 28 || b[4] != 0 {
		return Audio{}, false
	}
	segments := int(b[26])
	start := 27 + segments
	if start+19 > len(b) {
		return Audio{}, false
	}
	p := b[start:]
	var rate int
	switch {
	case bytes.HasPrefix(p, []byte("\x01vorbis")) && len(p) >= 16:
		rate = int(binary.LittleEndian.Uint32(p[12:16]))
	case bytes.HasPrefix(p, []byte("OpusHead")):
		rate = 48000 // Opus granules count 48 kHz samples
	default:
		return Audio{}, false
	}
	a := Audio{ContentType: "audio/ogg"}
	if i := bytes.LastIndex(b, []byte("OggS")); i >= 0 && i+14 <= len(b) && rate > 0 {
		g := binary.LittleEndian.Uint64(b[i+6 : i+14])
		if g != ^uint64(0) {
			a.DurationSeconds = int(g/uint64(rate) + 0)
		}
	}
	return a, true
}
