package gallery

import (
	"encoding/xml"
	"net/url"
	"strings"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/video"
)

func TestVideoThumbnailIsNeverEmpty(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    ent.Video
		want string
	}{
		{"youtube", ent.Video{Host: video.HostYoutube, HostVideoID: "aqz-KE-bpKQ"}, "https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg"},
		{"dailymotion", ent.Video{Host: video.HostDailymotion, HostVideoID: "x8abcd1"}, "https://www.dailymotion.com/thumbnail/video/x8abcd1"},
		{"vimeo, looked up", ent.Video{Host: video.HostVimeo, HostVideoID: "76979871", ThumbnailURL: "https://i.vimeocdn.com/video/1_640.jpg"}, "https://i.vimeocdn.com/video/1_640.jpg"},
		{"vimeo, not yet looked up", ent.Video{Host: video.HostVimeo, HostVideoID: "76979871"}, VideoThumbnailFallback},
	} {
		if got := VideoThumbnail(&tc.v); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestVideoThumbnailFallbackIsAnSVGDataURI decodes the inline picture.
func TestVideoThumbnailFallbackIsAnSVGDataURI(t *testing.T) {
	body, ok := strings.CutPrefix(VideoThumbnailFallback, "data:image/svg+xml,")
	if !ok || strings.ContainsAny(body, "<>#\" ") {
		t.Fatalf("not a safely escaped SVG data URI: %q", VideoThumbnailFallback)
	}
	svg, err := url.PathUnescape(body)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		ViewBox string `xml:"viewBox,attr"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil || doc.XMLName.Local != "svg" || doc.ViewBox != "0 0 480 270" {
		t.Fatalf("fallback is not a 16:9 SVG (%v): %s", err, svg)
	}
}
