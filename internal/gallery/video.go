package gallery

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/video"
)

var (
	youtubeRE     = regexp.MustCompile(`(?:youtube\.com/(?:watch\?(?:.*&)?v=|embed/|shorts/)|youtu\.be/)([A-Za-z0-9_-]{6,20})`)
	vimeoRE       = regexp.MustCompile(`vimeo\.com/(?:video/)?([0-9]{3,15})`)
	dailymotionRE = regexp.MustCompile(`(?:dailymotion\.com/(?:embed/)?video/|dai\.ly/)([A-Za-z0-9]{4,20})`)
)

// ParseVideoURL recognises a YouTube, Vimeo or Dailymotion address.
func ParseVideoURL(raw string) (video.Host, string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return "", "", fmt.Errorf("gallery: not a video address: %q", raw)
	}
	s := u.Host + u.RequestURI()
	for _, c := range []struct {
		host video.Host
		re   *regexp.Regexp
	}{{video.HostYoutube, youtubeRE}, {video.HostVimeo, vimeoRE}, {video.HostDailymotion, dailymotionRE}} {
		if m := c.re.FindStringSubmatch(s); m != nil {
			return c.host, m[1], nil
		}
	}
	return "", "", fmt.Errorf("gallery: unsupported video host: %q", raw)
}

// VideoThumbnail is built from the id for YouTube and Dailymotion; Vimeo's
// is looked up once and cached in the video (empty until then).
func VideoThumbnail(v *ent.Video) string {
	switch v.Host {
	case video.HostYoutube:
		return "https://i.ytimg.com/vi/" + v.HostVideoID + "/hqdefault.jpg"
	case video.HostDailymotion:
		return "https://www.dailymotion.com/thumbnail/video/" + v.HostVideoID
	default:
		return v.ThumbnailURL
	}
}

// VideoEmbedURL is the iframe address of a video.
func VideoEmbedURL(v *ent.Video) string {
	switch v.Host {
	case video.HostYoutube:
		return "https://www.youtube-nocookie.com/embed/" + v.HostVideoID
	case video.HostVimeo:
		return "https://player.vimeo.com/video/" + v.HostVideoID
	default:
		return "https://www.dailymotion.com/embed/video/" + v.HostVideoID
	}
}
