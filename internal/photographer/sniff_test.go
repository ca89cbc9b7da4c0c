package photographer

import (
	"bytes"
	"encoding/binary"
	"testing"
)

func mp3Frames(n int) []byte {
	frame := make([]byte, 417)
	copy(frame, []byte{0xff, 0xfb, 0x90, 0x00})
	return bytes.Repeat(frame, n)
}

func adtsFrames(n int) []byte {
	// 44.1 kHz (index 4), 2 channels, frame of 20 bytes, no CRC.
	const l = 20
	h := []byte{0xff, 0xf1, 0x50, 0x80 | byte(l>>11), byte(l >> 3), byte(l&7)<<5 | 0x1f, 0xfc}
	frame := append(h, make([]byte, l-len(h))...)
	return bytes.Repeat(frame, n)
}

func oggPage(granule uint64, packet []byte) []byte {
	p := []byte("OggS\x00\x02")
	p = binary.LittleEndian.AppendUint64(p, granule)
	p = append(p, make([]byte, 12)...) // serial, sequence, checksum
	p = append(p, 1, byte(len(packet)))
	return append(p, packet...)
}

func TestSniffAudio(t *testing.T) {
	vorbis := append([]byte("\x01vorbis\x00\x00\x00\x00\x02"), binary.LittleEndian.AppendUint32(nil, 44100)...)
	vorbis = append(vorbis, make([]byte, 14)...)
	id3 := append([]byte("ID3\x04\x00\x00\x00\x00\x00\x0a"), make([]byte, 10)...)
	m4a := append([]byte{0, 0, 0, 24}, []byte("ftypM4A \x00\x00\x02\x00isomM4A ")...)
	mp4 := append([]byte{0, 0, 0, 20}, []byte("ftypisom\x00\x00\x02\x00mp41")...)
	for _, c := range []struct {
		name string
		data []byte
		typ  string
		secs int
	}{
		{"mp3", mp3Frames(100), "audio/mpeg", 3},
		{"mp3 after ID3", append(id3, mp3Frames(2)...), "audio/mpeg", 0},
		{"mp3 one whole frame", mp3Frames(1), "audio/mpeg", 0},
		{"adts", adtsFrames(431), "audio/aac", 10},
		{"m4a", m4a, "audio/mp4", 0},
		{"ogg vorbis", append(oggPage(0, vorbis), oggPage(44100*7, []byte{1, 2, 3})...), "audio/ogg", 7},
		{"ogg opus", oggPage(0, append([]byte("OpusHead"), make([]byte, 11)...)), "audio/ogg", 0},
		{"empty", nil, "", 0},
		{"text", []byte("une chanson douce que me chantait ma maman"), "", 0},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "", 0},
		{"jpeg", []byte{0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0}, "", 0},
		{"mp3 header then garbage", append([]byte{0xff, 0xfb, 0x90, 0x00}, bytes.Repeat([]byte{1}, 600)...), "", 0},
		{"mp4 video", mp4, "", 0},
		{"ogg theora", oggPage(0, []byte("\x80theora\x03\x02\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00")), "", 0},
		{"layer II", bytes.Repeat(append([]byte{0xff, 0xfd, 0x90, 0x00}, make([]byte, 413)...), 3), "", 0},
	} {
		a, ok := SniffAudio(c.data)
		if ok != (c.typ != "") || a.ContentType != c.typ || (ok && a.DurationSeconds != c.secs) {
			t.Errorf("%s: %+v %v, want %q %d s", c.name, a, ok, c.typ, c.secs)
		}
	}
}
