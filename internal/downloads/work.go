package downloads

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/viewer"
)

// Job kinds.
const (
	KindPart = "download_part"
	KindMail = "download_mail"
)

// KindOrderEmail is the kind an order's e-mail of download links is
// recorded with.
const KindOrderEmail = "download"

// PartTimeout bounds one part job; it stays under jobs.RescueAfter so that
// a part still running is never taken for a crashed one.
const PartTimeout = 150 * time.Second

// PartArgs names the part to prepare; part 0 plans the parts.
type PartArgs struct {
	RequestID string `json:"request_id"`
	Part      int    `json:"part"`
}

// Kind is the River job kind.
func (PartArgs) Kind() string { return KindPart }

// InsertOpts puts parts on the media queue (disk and network bound, long).
func (PartArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMedia, MaxAttempts: 6}
}

// MailArgs names the request whose links to e-mail.
type MailArgs struct {
	RequestID string `json:"request_id"`
	// Resend sends even when the links were e-mailed already.
	Resend bool `json:"resend"`
}

// Kind is the River job kind.
func (MailArgs) Kind() string { return KindMail }

// InsertOpts retries e-mails for about a day (the spec allows 24 hours).
func (MailArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

// Workers does the jobs. Build it with the runner it enqueues through,
// then add it to that runner (jobs.Runner.Register) before Start.
type Workers struct {
	DB        *ent.Client
	Media     *media.Store
	Mail      mail.Sender
	Events    events.Broker
	Runner    *jobs.Runner
	PublicURL string
	PartLimit int64
	LinkTTL   time.Duration
	Log       *slog.Logger
	Now       func() time.Time
}

// Register adds the download workers to River's.
func (w *Workers) Register(ws *river.Workers) {
	river.AddWorker(ws, &partWorker{w: w})
	river.AddWorker(ws, &mailWorker{w: w})
}

func (w *Workers) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

func (w *Workers) log() *slog.Logger {
	if w.Log != nil {
		return w.Log
	}
	return slog.Default()
}

func (w *Workers) publish(ctx context.Context, id string) {
	if w.Events != nil {
		if err := w.Events.Publish(context.WithoutCancel(ctx), TopicDownload, id); err != nil {
			w.log().WarnContext(ctx, "publish download event", "request", id, "err", err)
		}
	}
}

// PartKey is where part n of a request is stored.
func PartKey(requestID string, n int) string {
	return fmt.Sprintf("downloads/%s/part-%d.zip", requestID, n)
}

type partWorker struct {
	river.WorkerDefaults[PartArgs]
	w *Workers
}

func (p *partWorker) Timeout(*river.Job[PartArgs]) time.Duration { return PartTimeout }

func (p *partWorker) Work(ctx context.Context, job *river.Job[PartArgs]) error {
	ctx = viewer.SystemContext(ctx)
	w := p.w
	r, err := w.DB.DownloadRequest.Query().Where(downloadrequest.ID(job.Args.RequestID)).
		WithGallery().Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if job.Args.Part == 0 {
		err = w.plan(ctx, r)
	} else {
		err = w.part(ctx, r, job.Args.Part)
	}
	if err != nil && ctx.Err() == nil && job.Attempt >= job.MaxAttempts {
		w.fail(ctx, r, err)
	}
	return err
}

// sources lists the request's photos as archive files, in display order.
func (w *Workers) sources(ctx context.Context, r *ent.DownloadRequest, only []string) ([]File, []string, error) {
	q := w.DB.Photo.Query().Where(photo.HasGalleryWith(gallery.ID(r.Edges.Gallery.ID)), photo.IsPrivate(false),
		photo.ClientHidden(false), photo.StatusEQ(photo.StatusReady))
	if only != nil {
		q.Where(photo.IDIn(only...))
	} else if len(r.Collections) > 0 && len(r.Edges.Gallery.CollectionNames) > 0 {
		q.Where(photo.CollectionIn(r.Collections...))
	}
	ps, err := q.Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).All(ctx)
	if err != nil {
		return nil, nil, err
	}
	files := make([]File, 0, len(ps))
	idsOut := make([]string, 0, len(ps))
	for _, ph := range ps {
		var (
			size int64
			open func(ctx context.Context) (io.ReadCloser, error)
		)
		if r.Quality == downloadrequest.QualityWeb && len(ph.Derivatives) > 0 {
			// Through the media store: the largest web file may be the
			// original stripped of its metadata, made on the fly.
			id, hash, width := ph.ID, ph.ContentHash, media.Pick(ph.Derivatives, media.WebWidth)
			f, err := w.Media.OpenDerivative(ctx, id, hash, width)
			if err != nil {
				return nil, nil, fmt.Errorf("downloads: %s web %d: %w", id, width, err)
			}
			size = f.Size()
			f.Close()
			open = func(ctx context.Context) (io.ReadCloser, error) { return w.Media.OpenDerivative(ctx, id, hash, width) }
		} else {
			key := media.OriginalKey(ph.ID, ph.ContentHash)
			attrs, err := w.Media.Bucket.Attributes(ctx, key)
			if err != nil {
				return nil, nil, fmt.Errorf("downloads: %s: %w", key, err)
			}
			size = attrs.Size
			open = func(ctx context.Context) (io.ReadCloser, error) { return w.Media.Bucket.NewReader(ctx, key, nil) }
		}
		name := ph.Filename
		if name == "" {
			name = ph.ID + ".jpg"
		}
		if r.Quality == downloadrequest.QualityWeb && !strings.HasSuffix(strings.ToLower(name), ".jpg") {
			name = strings.TrimSuffix(name, path.Ext(name)) + ".jpg"
		}
		if ph.Collection != "" {
			name = ph.Collection + "/" + name
		}
		files = append(files, File{Name: name, Size: size, Modified: ph.CreatedAt, Open: open})
		idsOut = append(idsOut, ph.ID)
	}
	return files, idsOut, nil
}

// plan fixes the parts and starts the first one.
func (w *Workers) plan(ctx context.Context, r *ent.DownloadRequest) error {
	if r.Status != downloadrequest.StatusSubmitted {
		return nil // planned by an earlier attempt that committed
	}
	files, photoIDs, err := w.sources(ctx, r, r.PhotoIds)
	if err != nil {
		return err
	}
	limit := w.PartLimit
	if limit <= 0 {
		limit = DefaultPartLimit
	}
	parts := planWithIDs(files, photoIDs, limit)
	err = w.Runner.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		n, err := tx.DownloadRequest.Update().Where(downloadrequest.ID(r.ID), downloadrequest.StatusEQ(downloadrequest.StatusSubmitted)).
			SetStatus(downloadrequest.StatusPreparing).SetPlan(parts).SetFilesTotal(len(files)).SetFilesDone(0).Save(ctx)
		if err != nil || n == 0 {
			return err
		}
		_, err = enq.Enqueue(ctx, PartArgs{RequestID: r.ID, Part: 1}, nil)
		return err
	})
	if err != nil {
		return err
	}
	w.publish(ctx, r.ID)
	return nil
}

// planWithIDs is Plan keeping each file's photo id.
func planWithIDs(files []File, photoIDs []string, limit int64) [][]model.PlannedFile {
	groups := Plan(files, limit)
	out := make([][]model.PlannedFile, len(groups))
	i := 0
	for g, group := range groups {
		out[g] = []model.PlannedFile{}
		for _, f := range group {
			out[g] = append(out[g], model.PlannedFile{PhotoID: photoIDs[i], Name: f.Name})
			i++
		}
	}
	return out
}

// part writes part n, then records it and starts the next one or, for
// the last, marks the request ready and enqueues the e-mail.
func (w *Workers) part(ctx context.Context, r *ent.DownloadRequest, n int) error {
	if r.Status != downloadrequest.StatusPreparing || n > len(r.Plan) {
		return nil // finished (or failed) already
	}
	planned := r.Plan[n-1]
	ids := make([]string, len(planned))
	for i, f := range planned {
		ids[i] = f.PhotoID
	}
	files, found, err := w.sources(ctx, r, ids)
	if err != nil {
		return err
	}
	// The plan's names, in the plan's order; photos gone since are left out.
	byID := map[string]File{}
	for i, f := range files {
		byID[found[i]] = f
	}
	part := make([]File, 0, len(planned))
	for _, pf := range planned {
		if f, ok := byID[pf.PhotoID]; ok {
			f.Name = pf.Name
			part = append(part, f)
		}
	}
	base := 0
	for _, p := range r.Plan[:n-1] {
		base += len(p)
	}
	key := PartKey(r.ID, n)
	// Cancelling wctx discards what the writer holds: a failed part is never
	// committed, and the retry writes it again from the start.
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	bw, err := w.Media.Bucket.NewWriter(wctx, key, &blob.WriterOptions{ContentType: "application/zip"})
	if err != nil {
		return err
	}
	last := w.now()
	step := max(1, len(part)/20)
	err = WritePart(ctx, bw, part, func(done int) error {
		if done%step != 0 && w.now().Sub(last) < time.Second {
			return nil
		}
		last = w.now()
		if err := w.DB.DownloadRequest.UpdateOneID(r.ID).SetFilesDone(base + done).Exec(ctx); err != nil {
			return err
		}
		w.publish(ctx, r.ID)
		return nil
	})
	if err != nil {
		cancel()
		_ = bw.Close()
		return err
	}
	if err := bw.Close(); err != nil {
		return fmt.Errorf("downloads: commit %s: %w", key, err)
	}
	keys := make([]string, n)
	for i := range keys {
		keys[i] = PartKey(r.ID, i+1)
	}
	final := n == len(r.Plan)
	var size int64
	if final {
		for _, k := range keys {
			a, err := w.Media.Bucket.Attributes(ctx, k)
			if err != nil {
				return err
			}
			size += a.Size
		}
	}
	err = w.Runner.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		upd := tx.DownloadRequest.Update().Where(downloadrequest.ID(r.ID), downloadrequest.StatusEQ(downloadrequest.StatusPreparing)).
			SetParts(keys).SetFilesDone(base + len(planned))
		if final {
			upd.SetStatus(downloadrequest.StatusReady).SetSizeBytes(size).SetExpiresAt(w.now().Add(w.linkTTL()))
		}
		changed, err := upd.Save(ctx)
		if err != nil || changed == 0 {
			return err
		}
		if final {
			_, err = enq.Enqueue(ctx, MailArgs{RequestID: r.ID}, nil)
		} else {
			_, err = enq.Enqueue(ctx, PartArgs{RequestID: r.ID, Part: n + 1}, nil)
		}
		return err
	})
	if err != nil {
		return err
	}
	w.publish(ctx, r.ID)
	return nil
}

func (w *Workers) linkTTL() time.Duration {
	if w.LinkTTL > 0 {
		return w.LinkTTL
	}
	return DefaultLinkTTL
}

// fail marks a request that ran out of attempts.
func (w *Workers) fail(ctx context.Context, r *ent.DownloadRequest, cause error) {
	msg := cause.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	if err := w.DB.DownloadRequest.Update().Where(downloadrequest.ID(r.ID),
		downloadrequest.StatusIn(downloadrequest.StatusSubmitted, downloadrequest.StatusPreparing)).
		SetStatus(downloadrequest.StatusFailed).SetError(msg).Exec(ctx); err != nil {
		w.log().ErrorContext(ctx, "download request: mark failed", "request", r.ID, "err", err)
	}
	w.log().WarnContext(ctx, "download request failed", "request", r.ID, "err", cause)
	w.publish(ctx, r.ID)
}

type mailWorker struct {
	river.WorkerDefaults[MailArgs]
	w *Workers
}

func (m *mailWorker) Timeout(*river.Job[MailArgs]) time.Duration { return time.Minute }

// Work e-mails the links once (again when asked to resend). A mail server
// that is down makes the job fail and retry: the links wait, they are not
// lost.
func (m *mailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	ctx = viewer.SystemContext(ctx)
	w := m.w
	r, err := w.DB.DownloadRequest.Query().Where(downloadrequest.ID(job.Args.RequestID)).
		WithGallery(func(q *ent.GalleryQuery) { q.WithPhotographer() }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if r.Status != downloadrequest.StatusReady || (r.MailedAt != nil && !job.Args.Resend) {
		return nil
	}
	if job.Args.Resend && r.ExpiresAt != nil && !w.now().Before(*r.ExpiresAt) {
		// ErrExpired tells the person to ask for a new sending: the links
		// it carries must work again, or the e-mail is useless.
		exp := w.now().Add(w.linkTTL())
		if err := w.DB.DownloadRequest.UpdateOneID(r.ID).SetExpiresAt(exp).Exec(ctx); err != nil {
			return err
		}
		r.ExpiresAt = &exp
	}
	number := ""
	if r.OrderID != "" {
		if o, err := w.DB.Order.Get(ctx, r.OrderID); err == nil {
			number = o.Number
		}
	}
	msg, err := message(ctx, w.DB, r, w.PublicURL, number)
	if err != nil {
		return err
	}
	if err := w.Mail.Send(ctx, msg); err != nil {
		return fmt.Errorf("downloads: mail %s: %w", r.ID, err)
	}
	if r.OrderID != "" {
		// The order's page in the studio lists its e-mails (internal/orders).
		if err := ordermail.Record(ctx, w.DB, w.Events, r.OrderID, KindOrderEmail, msg); err != nil {
			w.log().WarnContext(ctx, "downloads: record order e-mail", "request", r.ID, "err", err)
		}
	}
	if err := w.DB.DownloadRequest.UpdateOneID(r.ID).SetMailedAt(w.now()).Exec(ctx); err != nil {
		return err
	}
	w.publish(ctx, r.ID)
	return nil
}

// message is the e-mail carrying the links, in the language the visitor
// used when asking (or buying); number names the order that bought them.
func message(ctx context.Context, db *ent.Client, r *ent.DownloadRequest, publicURL, number string) (mail.Message, error) {
	g := r.Edges.Gallery
	b, err := emails.BrandFor(ctx, db, publicURL, g)
	if err != nil {
		return mail.Message{}, err
	}
	tz := ""
	if g.Edges.Photographer != nil {
		tz = g.Edges.Photographer.Timezone
	}
	d := emails.DownloadData{Quality: string(r.Quality), Files: r.FilesTotal, OrderNumber: number}
	for _, l := range Links(r) {
		d.Links = append(d.Links, strings.TrimRight(publicURL, "/")+l)
	}
	if r.ExpiresAt != nil {
		d.Expires = r.ExpiresAt.In(mail.Location(tz))
	}
	e, err := emails.Render(emails.DownloadReady, emails.Language(lang.Tag(r.Language), g.Language), b, d)
	if err != nil {
		return mail.Message{}, err
	}
	return e.Message([]string{r.Email}, b.StudioEmail), nil
}
