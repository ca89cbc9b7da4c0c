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

// VideoThumbnailFallback is a neutral 16:9 picture with a play sign, shown
// for a Vimeo video until its thumbnail is looked up (the video_thumbnail
// job in internal/jobs), or for good if Vimeo never answers. It is inline so
// that it needs no request and no route.
const VideoThumbnailFallback = "data:image/svg+xml," +
	"%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%20480%20270'%3E" +
	"%3Crect%20width='480'%20height='270'%20fill='%23303336'/%3E" +
	"%3Ccircle%20cx='240'%20cy='135'%20r='42'%20fill='%23ffffff'%20fill-opacity='0.18'/%3E" +
	"%3Cpath%20d='M226%20113v44l36-22z'%20fill='%23ffffff'/%3E%3C/svg%3E"

// VideoThumbnail is built from the id for YouTube and Dailymotion; Vimeo's
// is looked up once and cached in the video, with a neutral fallback until
// then. It is never empty.
func VideoThumbnail(v *ent.Video) string {
	switch v.Host {
	case video.HostYoutube:
		return "https://i.ytimg.com/vi/" + v.HostVideoID + "/hqdefault.jpg"
	case video.HostDailymotion:
		return "https://www.dailymotion.com/thumbnail/video/" + v.HostVideoID
	default:
		if v.ThumbnailURL == "" {
			return VideoThumbnailFallback
		}
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
