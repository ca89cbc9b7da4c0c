package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/viewer"
)

// KindVideoThumbnail looks up and caches a Vimeo video's thumbnail address.
const KindVideoThumbnail = "video_thumbnail"

// videoThumbnailAttempts: with River's backoff, five attempts cover about
// six minutes of Vimeo being unreachable; after that the gallery keeps
// showing the neutral fallback (gallery.VideoThumbnail).
const videoThumbnailAttempts = 5

// VideoThumbnailTimeout bounds one attempt (the HTTP client has its own, shorter timeout).
const VideoThumbnailTimeout = 30 * time.Second

// maxThumbnailURL is the column's length (ent/schema Video.thumbnail_url).
const maxThumbnailURL = 500

// VideoThumbnailArgs names the video whose thumbnail to look up.
type VideoThumbnailArgs struct {
	VideoID string `json:"video_id"`
}

// Kind is the River job kind.
func (VideoThumbnailArgs) Kind() string { return KindVideoThumbnail }

// InsertOpts bounds the attempts.
func (VideoThumbnailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: videoThumbnailAttempts}
}

// EnqueueVideoThumbnail asks for a Vimeo video's thumbnail; call it with
// InTx's enqueuer in the transaction that creates (or re-points) the video.
// Other hosts' thumbnails need no lookup, and the job ignores them.
func EnqueueVideoThumbnail(ctx context.Context, enq Enqueuer, videoID string) error {
	if enq == nil {
		return errNoRunner
	}
	_, err := enq.Enqueue(ctx, VideoThumbnailArgs{VideoID: videoID}, nil)
	return err
}

type videoThumbnailWorker struct {
	river.WorkerDefaults[VideoThumbnailArgs]
	db       *ent.Client
	endpoint string
	http     *http.Client
	log      *slog.Logger
}

func (w *videoThumbnailWorker) Timeout(*river.Job[VideoThumbnailArgs]) time.Duration {
	return VideoThumbnailTimeout
}

// Work fetches Vimeo's oEmbed document once and caches its thumbnail_url.
// A video Vimeo refuses to describe (private, deleted) is not retried.
func (w *videoThumbnailWorker) Work(ctx context.Context, job *river.Job[VideoThumbnailArgs]) error {
	ctx = viewer.SystemContext(ctx)
	v, err := w.db.Video.Get(ctx, job.Args.VideoID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("jobs: video thumbnail %s: load: %w", job.Args.VideoID, err)
	}
	if v.Host != video.HostVimeo || v.ThumbnailURL != "" {
		return nil // nothing to look up, or already cached
	}
	thumb, err := w.lookup(ctx, v.HostVideoID)
	if err != nil {
		return fmt.Errorf("jobs: video thumbnail %s: %w", v.ID, err)
	}
	// Only fill an empty cache: the video may have been re-pointed meanwhile.
	err = w.db.Video.Update().
		Where(video.ID(v.ID), video.HostVideoID(v.HostVideoID), video.ThumbnailURL("")).
		SetThumbnailURL(thumb).Exec(ctx)
	if err != nil {
		return fmt.Errorf("jobs: video thumbnail %s: save: %w", v.ID, err)
	}
	return nil
}

// lookup asks the oEmbed endpoint for https://vimeo.com/<id>.
func (w *videoThumbnailWorker) lookup(ctx context.Context, vimeoID string) (string, error) {
	u, err := url.Parse(w.endpoint)
	if err != nil {
		return "", river.JobCancel(fmt.Errorf("oembed endpoint: %w", err))
	}
	q := u.Query()
	q.Set("url", "https://vimeo.com/"+vimeoID)
	u.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", river.JobCancel(err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := w.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("oembed: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", fmt.Errorf("oembed: read: %w", err)
	}
	switch {
	case resp.StatusCode == http.StatusOK:
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return "", fmt.Errorf("oembed: status %d", resp.StatusCode)
	default: // 401/403 private, 404 deleted: asking again will not help
		return "", river.JobCancel(fmt.Errorf("oembed: status %d", resp.StatusCode))
	}
	var doc struct {
		ThumbnailURL string `json:"thumbnail_url"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return "", fmt.Errorf("oembed: decode: %w", err)
	}
	t, err := url.Parse(doc.ThumbnailURL)
	if err != nil || (t.Scheme != "https" && t.Scheme != "http") || t.Host == "" || len(doc.ThumbnailURL) > maxThumbnailURL {
		// Only web addresses go into an <img src>; anything else keeps the fallback.
		return "", river.JobCancel(fmt.Errorf("oembed: unusable thumbnail_url %q", doc.ThumbnailURL))
	}
	return doc.ThumbnailURL, nil
}
