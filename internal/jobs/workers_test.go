package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// addPhoto creates a processing photo whose original is whatever put
// stores (nothing, for a missing original) and queues its derivatives.
func addPhoto(t *testing.T, r *jobs.Runner, blobs *media.Store, g *ent.Gallery, put func(id string) string) *ent.Photo {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	var p *ent.Photo
	err := r.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		id := ids.New("pho")
		hash := put(id)
		var err error
		p, err = tx.Photo.Create().SetID(id).SetGallery(g).SetFilename("IMG_0001.jpg").SetWidth(800).SetHeight(600).
			SetContentHash(hash).SetOriginalKey(media.OriginalKey(id, hash)).Save(ctx)
		if err != nil {
			return err
		}
		return jobs.EnqueueDerivatives(ctx, enq, id)
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDerivativesJob(t *testing.T) {
	jpeg, err := media.DemoJPEG(7, 800, 600, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		put        func(t *testing.T, blobs *media.Store, id string) string // returns the content hash
		wantStatus photo.Status
		wantState  rivertype.JobState
	}{
		{"a stored original becomes ready", func(t *testing.T, blobs *media.Store, id string) string {
			o, err := blobs.PutOriginal(context.Background(), id, bytes.NewReader(jpeg), media.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			return o.Hash
		}, photo.StatusReady, rivertype.JobStateCompleted},
		{"a missing original fails without retrying", func(*testing.T, *media.Store, string) string {
			return "0123456789abcdef01234567"
		}, photo.StatusFailed, rivertype.JobStateCancelled},
		{"an undecodable original fails without retrying", func(t *testing.T, blobs *media.Store, id string) string {
			hash := "fedcba9876543210fedcba98"
			if err := blobs.Bucket.WriteAll(context.Background(), media.OriginalKey(id, hash), jpeg[:len(jpeg)/3], nil); err != nil {
				t.Fatal(err)
			}
			return hash
		}, photo.StatusFailed, rivertype.JobStateCancelled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := testdb.Open(t)
			f := setup(t, db.Client)
			blobs := memStore(t)
			sys := viewer.SystemContext(context.Background())
			// A watermarked web file is sold, and the viewer is bounded.
			theme := model.DefaultTheme()
			theme.ViewerMaxSize = 1280
			f.g = f.g.Update().SetTheme(theme).SaveX(sys)
			cat := db.Client.Category.Create().SetGallery(f.g).SetName("Fichiers").SaveX(sys)
			fam := db.Client.Family.Create().SetGallery(f.g).SetCategory(cat).SetName("Numérique").SaveX(sys)
			db.Client.Format.Create().SetGallery(f.g).SetFamily(fam).SetUnitPrice(500).SetKind(format.KindDigital).
				SetDigitalQuality(format.DigitalQualityWeb).SetWatermark(true).ExecX(sys)

			r := newRunner(t, db, jobs.Config{Media: blobs})
			w := r.Watch(jobs.KindDerivatives)
			defer w.Close()
			p := addPhoto(t, r, blobs, f.g, func(id string) string { return tc.put(t, blobs, id) })
			if p.Status != photo.StatusProcessing {
				t.Fatalf("new photo is %s", p.Status)
			}
			start(t, r)
			done := wait(t, w, 1)
			if done[0].State != tc.wantState || done[0].Attempt != 1 {
				t.Fatalf("job %s after %d attempts, want %s after 1", done[0].State, done[0].Attempt, tc.wantState)
			}
			got := db.Client.Photo.GetX(sys, p.ID)
			if got.Status != tc.wantStatus {
				t.Fatalf("photo %s, want %s", got.Status, tc.wantStatus)
			}
			if tc.wantStatus != photo.StatusReady {
				return
			}
			checkDerivatives(t, blobs, got)
			// The gallery sells a watermarked web file: it is made when first
			// asked for (server/media.go), not by the job.
			if ok, _ := blobs.Bucket.Exists(context.Background(), media.WatermarkKey(got.ID, got.ContentHash)); ok {
				t.Fatal("watermarked file made by the job")
			}

			// Running the job again (a rescue after a crash does that)
			// leaves the same ready photo.
			err := r.InTx(sys, func(ctx context.Context, _ *ent.Client, enq jobs.Enqueuer) error {
				return jobs.EnqueueDerivatives(ctx, enq, p.ID)
			})
			if err != nil {
				t.Fatal(err)
			}
			if again := wait(t, w, 1); again[0].State != rivertype.JobStateCompleted {
				t.Fatalf("second run: %s", again[0].State)
			}
			twice := db.Client.Photo.GetX(sys, p.ID)
			if twice.Status != photo.StatusReady || !slices.Equal(twice.Derivatives, got.Derivatives) || twice.DominantColor != got.DominantColor {
				t.Fatalf("second run changed the photo: %+v, was %+v", twice, got)
			}
		})
	}
}

func checkDerivatives(t *testing.T, blobs *media.Store, p *ent.Photo) {
	t.Helper()
	if len(p.Derivatives) == 0 || p.DominantColor == "" || p.DominantColor == "#cccccc" {
		t.Fatalf("ready photo without derivatives: %v, colour %q", p.Derivatives, p.DominantColor)
	}
	for _, w := range p.Derivatives {
		// The viewer-sized one may be the original itself, served stripped.
		f, err := blobs.OpenDerivative(context.Background(), p.ID, p.ContentHash, w)
		if err != nil {
			t.Fatalf("derivative %d of %s missing (%v)", w, p.ID, err)
		}
		f.Close()
	}
}

// TestCrashedJobIsResumed leaves a job "running" as a killed server would,
// long enough ago, and checks that a new runner rescues and finishes it.
func TestCrashedJobIsResumed(t *testing.T) {
	db := testdb.Open(t)
	f := setup(t, db.Client)
	blobs := memStore(t)
	jpeg, err := media.DemoJPEG(8, 640, 480, "crash")
	if err != nil {
		t.Fatal(err)
	}
	r := newRunner(t, db, jobs.Config{Media: blobs})
	p := addPhoto(t, r, blobs, f.g, func(id string) string {
		o, err := blobs.PutOriginal(context.Background(), id, bytes.NewReader(jpeg), media.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		return o.Hash
	})
	var attempted any = time.Now().Add(-10 * time.Minute).UTC()
	if db.Dialect == dialect.SQLite {
		attempted = attempted.(time.Time).Format("2006-01-02 15:04:05.000") // riversqlite's time format
	}
	exec(t, db, "UPDATE river_job SET state = 'running', attempt = 1, attempted_at = ? WHERE kind = ?", attempted, jobs.KindDerivatives)

	w := r.Watch(jobs.KindDerivatives)
	defer w.Close()
	start(t, r)
	done := wait(t, w, 1)
	if done[0].State != rivertype.JobStateCompleted || done[0].Attempt != 2 {
		t.Fatalf("rescued job %s after %d attempts, want completed after 2", done[0].State, done[0].Attempt)
	}
	got := db.Client.Photo.GetX(viewer.SystemContext(context.Background()), p.ID)
	if got.Status != photo.StatusReady {
		t.Fatalf("photo %s after the rescue", got.Status)
	}
	checkDerivatives(t, blobs, got)
}

func TestVideoThumbnailJob(t *testing.T) {
	const vimeoID = "76979871"
	const thumb = "https://i.vimeocdn.com/video/452001751-8216e8bd_640.jpg"
	ok := func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("url") != "https://vimeo.com/"+vimeoID {
			http.Error(w, "unexpected url", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"type": "video", "thumbnail_url": thumb, "thumbnail_width": 640})
	}
	status := func(code int) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "no", code) }
	}
	for _, tc := range []struct {
		name      string
		handler   http.HandlerFunc // nil: nothing listens
		wantThumb string
		wantState rivertype.JobState
		wantCalls int64
	}{
		{"caches the oEmbed thumbnail", ok, thumb, rivertype.JobStateCompleted, 1},
		{"server errors are retried, then the fallback stays", status(http.StatusBadGateway), "", rivertype.JobStateDiscarded, 2},
		{"unreachable endpoint leaves the fallback", nil, "", rivertype.JobStateDiscarded, 0},
		{"private or deleted video is not retried", status(http.StatusNotFound), "", rivertype.JobStateCancelled, 1},
		{"a non-web thumbnail address is ignored", func(w http.ResponseWriter, _ *http.Request) {
			w.Write([]byte(`{"thumbnail_url":"javascript:alert(1)"}`))
		}, "", rivertype.JobStateCancelled, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				tc.handler(w, r)
			}))
			endpoint := srv.URL + "/api/oembed.json"
			if tc.handler == nil {
				srv.Close() // connection refused
			} else {
				defer srv.Close()
			}

			db := testdb.Open(t)
			f := setup(t, db.Client)
			sys := viewer.SystemContext(context.Background())
			r := newRunner(t, db, jobs.Config{VimeoOEmbedURL: endpoint, HTTPClient: &http.Client{Timeout: 2 * time.Second}})
			var v *ent.Video
			err := r.InTx(sys, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
				var err error
				v, err = tx.Video.Create().SetGallery(f.g).SetEmbeddedURL("https://vimeo.com/" + vimeoID).
					SetHost(video.HostVimeo).SetHostVideoID(vimeoID).Save(ctx)
				if err != nil {
					return err
				}
				// Two attempts keep the retry case short; production uses five.
				_, err = enq.Enqueue(ctx, jobs.VideoThumbnailArgs{VideoID: v.ID}, &river.InsertOpts{MaxAttempts: 2})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := gallery.VideoThumbnail(v); got != gallery.VideoThumbnailFallback {
				t.Fatalf("before the lookup: %q, want the fallback", got)
			}
			w := r.Watch(jobs.KindVideoThumbnail)
			defer w.Close()
			start(t, r)
			done := wait(t, w, 1)
			if done[0].State != tc.wantState {
				t.Fatalf("job %s, want %s (errors %v)", done[0].State, tc.wantState, done[0].Errors)
			}
			got := db.Client.Video.GetX(sys, v.ID)
			if got.ThumbnailURL != tc.wantThumb || calls.Load() != tc.wantCalls {
				t.Fatalf("thumbnail %q after %d calls, want %q after %d", got.ThumbnailURL, calls.Load(), tc.wantThumb, tc.wantCalls)
			}
			want := tc.wantThumb
			if want == "" {
				want = gallery.VideoThumbnailFallback
			}
			if shown := gallery.VideoThumbnail(got); shown != want {
				t.Fatalf("VideoThumbnail = %q, want %q", shown, want)
			}
			if tc.wantThumb == "" {
				return
			}
			// Cached: asking again does not call Vimeo.
			if _, err := r.Enqueue(sys, jobs.VideoThumbnailArgs{VideoID: v.ID}, nil); err != nil {
				t.Fatal(err)
			}
			wait(t, w, 1)
			if calls.Load() != 1 {
				t.Fatalf("%d oEmbed calls, want 1", calls.Load())
			}
		})
	}
}

// TestStopHandsRunningJobsBack stops a runner while a job hangs on a slow
// server: Stop returns within its bound and the job is back in the queue,
// with its attempt not used up, for the next server to take.
func TestStopHandsRunningJobsBack(t *testing.T) {
	started := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-r.Context().Done() // hangs until the job gives up
	}))
	defer srv.Close()
	db := testdb.Open(t)
	f := setup(t, db.Client)
	sys := viewer.SystemContext(context.Background())
	r := newRunner(t, db, jobs.Config{VimeoOEmbedURL: srv.URL, StopTimeout: 200 * time.Millisecond})
	v := db.Client.Video.Create().SetGallery(f.g).SetEmbeddedURL("https://vimeo.com/123456").
		SetHost(video.HostVimeo).SetHostVideoID("123456").SaveX(sys)
	id, err := r.Enqueue(sys, jobs.VideoThumbnailArgs{VideoID: v.ID}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start(t, r)
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the job never started")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	begun := time.Now()
	if err := r.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(begun); d > 5*time.Second {
		t.Fatalf("Stop took %v", d)
	}
	var (
		state   string
		attempt int
	)
	q := "SELECT state, attempt FROM river_job WHERE id = ?"
	if db.Dialect == dialect.Postgres {
		q = "SELECT state, attempt FROM river_job WHERE id = $1"
	}
	if err := db.SQL.QueryRowContext(context.Background(), q, id).Scan(&state, &attempt); err != nil {
		t.Fatal(err)
	}
	if state != string(rivertype.JobStateAvailable) || attempt != 0 {
		t.Fatalf("after Stop the job is %s with %d attempts, want available with 0", state, attempt)
	}
}
