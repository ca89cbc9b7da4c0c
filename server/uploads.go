package server

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"entgo.io/ent/dialect"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"gocloud.dev/blob"
	xslog "golang.org/x/exp/slog"

	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/photos"
	"github.com/studio/gallery/internal/viewer"
)

// uploadsPath is where the tus resumable uploads live (tus.io protocol
// 1.0.0: creation, termination; docs/api.md).
const uploadsPath = "/api/uploads/"

// The upload metadata (Upload-Metadata) the client sends, and the owner the
// server adds: nothing else is kept.
const (
	metaGallery      = "galleryId"
	metaCollection   = "collection"
	metaFilename     = "filename"
	metaFiletype     = "filetype"
	metaPhotographer = "photographerId"
)

// PhotoIDHeader names the photo made from a finished upload, on the
// answer to its last PATCH.
const PhotoIDHeader = "Galerie-Photo-Id"

// uploadIDPattern is the only shape of upload id: the server makes them
// (newUploadID), so a path can never name another file.
var uploadIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

var (
	errUploadNotFound = apperr.ErrNotFound.WithMessage("upload_not_found", nil)
	errUploadMetadata = apperr.ErrInvalidInput.WithMessage("upload_metadata_missing", nil).WithField("metadata")
	errUploadStranger = apperr.ErrUnauthorized.WithMessage("upload_photographer_only", nil)
)

// resumable is the tus door: tusd's handler over the blob store every
// replica shares (uploadstore.go: an upload begun through one replica is
// continued through any other), whose finished files go through
// photos.Service.Upload like the GraphQL multipart upload, then are
// removed.
type resumable struct {
	s       *Server
	store   blobUploads
	handler *tusd.Handler
	expiry  time.Duration

	mu        sync.Mutex
	lastSweep time.Time
}

// newResumable builds the tus handler; nil when the server takes no
// uploads (no job runner).
func (s *Server) newResumable() (*resumable, error) {
	if s.Photos == nil {
		return nil, nil
	}
	if s.Media == nil {
		return nil, errors.New("no blob store")
	}
	u := &resumable{s: s, store: blobUploads{bucket: s.Media.Bucket}, expiry: s.Config.UploadExpiry}
	if u.expiry <= 0 {
		u.expiry = 24 * time.Hour
	}
	composer := tusd.NewStoreComposer()
	u.store.UseIn(composer)
	var pg *sql.DB
	if s.DB != nil && s.DB.Dialect == dialect.Postgres {
		pg = s.DB.SQL
	}
	newSharedLocker(pg).UseIn(composer)
	h, err := tusd.NewHandler(tusd.Config{
		StoreComposer:             composer,
		BasePath:                  uploadsPath,
		MaxSize:                   s.Photos.MaxBytes(),
		DisableDownload:           true,
		DisableConcatenation:      true,
		Cors:                      &tusd.CorsConfig{Disable: true},
		Logger:                    xslog.New(xslog.NewTextHandler(io.Discard, nil)),
		PreUploadCreateCallback:   u.beforeCreate,
		PreFinishResponseCallback: u.finish,
	})
	if err != nil {
		return nil, err
	}
	u.handler = h
	go u.sweep(time.Now())
	return u, nil
}

// ServeHTTP lets the photographer alone in: every request needs them (and
// the anti-forgery proof to change anything, as under /api), and
// one naming an upload needs the upload to be theirs (another's answers
// 404, like a missing one). A fresh upload may trigger the sweep of
// abandoned ones.
func (u *resumable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v := viewer.FromContext(r.Context())
	if v.PhotographerID == "" {
		writeError(w, r, u.s.Log, errUploadStranger)
		return
	}
	if r.Method != http.MethodHead && r.Method != http.MethodGet && r.Method != http.MethodOptions && !v.XSRFOK {
		writeError(w, r, u.s.Log, errXSRF) // as requireXSRF: a bearer token or X-Requested-With
		return
	}
	id := strings.Trim(strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(uploadsPath, "/")), "/")
	if id != "" {
		if !uploadIDPattern.MatchString(id) {
			writeError(w, r, u.s.Log, errUploadNotFound)
			return
		}
		up, err := u.store.GetUpload(r.Context(), id)
		if err != nil {
			writeError(w, r, u.s.Log, errUploadNotFound)
			return
		}
		info, err := up.GetInfo(r.Context())
		if err != nil || info.MetaData[metaPhotographer] != v.PhotographerID {
			writeError(w, r, u.s.Log, errUploadNotFound)
			return
		}
	} else if r.Method == http.MethodPost {
		u.maybeSweep(time.Now())
	}
	http.StripPrefix(strings.TrimSuffix(uploadsPath, "/"), u.handler).ServeHTTP(w, r)
}

// beforeCreate checks a new upload before any byte is sent: the gallery
// is the caller's, the size is known and within the limit, the collection
// is valid, and no photo of the gallery has the same name and size
// (duplicate_photo). It names the upload and keeps only the known metadata.
func (u *resumable) beforeCreate(hook tusd.HookEvent) (tusd.HTTPResponse, tusd.FileInfoChanges, error) {
	ctx := hook.Context
	in := hook.Upload.MetaData
	if in[metaGallery] == "" || in[metaFilename] == "" {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, u.tusError(ctx, errUploadMetadata)
	}
	if hook.Upload.SizeIsDeferred {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, u.tusError(ctx, apperr.ErrInvalidInput.WithField("Upload-Length"))
	}
	err := u.s.Photos.CheckUpload(ctx, in[metaGallery], in[metaFilename], in[metaCollection], hook.Upload.Size, true)
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, u.tusError(ctx, err)
	}
	id, err := newUploadID()
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, u.tusError(ctx, err)
	}
	return tusd.HTTPResponse{}, tusd.FileInfoChanges{ID: id, MetaData: tusd.MetaData{
		metaGallery:      in[metaGallery],
		metaCollection:   in[metaCollection],
		metaFilename:     in[metaFilename],
		metaFiletype:     in[metaFiletype],
		metaPhotographer: viewer.FromContext(ctx).PhotographerID,
	}}, nil
}

// finish hands the complete file to the photo service, with the same
// checks and codes as uploadPhotos, and removes the upload whatever the
// outcome: a refused file answers its error (a retry creates a new upload),
// an accepted one names its photo in Galerie-Photo-Id.
func (u *resumable) finish(hook tusd.HookEvent) (tusd.HTTPResponse, error) {
	ctx := hook.Context
	info := hook.Upload
	defer u.remove(context.WithoutCancel(ctx), info.ID)
	up, err := u.store.GetUpload(ctx, info.ID)
	if err != nil {
		return tusd.HTTPResponse{}, u.tusError(ctx, err)
	}
	body, err := up.GetReader(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, u.tusError(ctx, err)
	}
	defer func() {
		if c, ok := body.(io.Closer); ok {
			_ = c.Close()
		}
	}()
	res, err := u.s.Photos.Upload(ctx, info.MetaData[metaGallery], []photos.UploadFile{{
		Filename:       info.MetaData[metaFilename],
		Collection:     info.MetaData[metaCollection],
		Size:           info.Size,
		Body:           body,
		SkipDuplicates: true,
	}})
	if err != nil {
		return tusd.HTTPResponse{}, u.tusError(ctx, err)
	}
	if res[0].Err != nil {
		if ae := apperr.As(res[0].Err); ae != nil {
			return tusd.HTTPResponse{}, u.tusError(ctx, ae.WithField()) // one file per upload: no index
		}
		return tusd.HTTPResponse{}, u.tusError(ctx, res[0].Err)
	}
	return tusd.HTTPResponse{Header: tusd.HTTPHeader{PhotoIDHeader: res[0].Photo.ID}}, nil
}

// tusError is an error in the REST shape ({"code", "message"}) for tusd to
// answer.
func (u *resumable) tusError(ctx context.Context, err error) error {
	ae := apperr.As(err)
	if ae == nil {
		u.s.Log.ErrorContext(ctx, "resumable upload failed", "err", err)
		ae = photos.ErrUploadFailed
	} else if ae.Status >= 500 {
		u.s.Log.ErrorContext(ctx, "resumable upload failed", "err", err)
	}
	body, _ := json.Marshal(errorBody{Code: ae.Code, Message: ae.Localized(ctx), Field: ae.Field})
	return tusd.Error{ErrorCode: ae.Code, Message: ae.Code, HTTPResponse: tusd.HTTPResponse{
		StatusCode: ae.Status,
		Body:       string(body),
		Header:     tusd.HTTPHeader{"Content-Type": "application/json; charset=utf-8"},
	}}
}

// remove deletes an upload's files.
func (u *resumable) remove(ctx context.Context, id string) {
	up, err := u.store.GetUpload(ctx, id)
	if err != nil {
		return
	}
	if err := u.store.AsTerminatableUpload(up).Terminate(ctx); err != nil {
		u.s.Log.WarnContext(ctx, "resumable upload: remove", "upload", id, "err", err)
	}
}

// maybeSweep starts a sweep when none ran for a tenth of the expiry.
func (u *resumable) maybeSweep(now time.Time) {
	u.mu.Lock()
	due := now.Sub(u.lastSweep) >= u.expiry/10
	u.mu.Unlock()
	if due {
		go u.sweep(now)
	}
}

// sweep removes the uploads that received nothing for UPLOAD_EXPIRY
// (abandoned: the browser was closed for good), whichever replica they
// were begun on, and stray blobs. Every replica sweeps; deletes are
// idempotent.
func (u *resumable) sweep(now time.Time) {
	u.mu.Lock()
	u.lastSweep = now
	u.mu.Unlock()
	ctx := context.Background()
	last := map[string]time.Time{}
	it := u.store.bucket.List(&blob.ListOptions{Prefix: uploadsPrefix})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			u.s.Log.Warn("resumable uploads: sweep", "err", err)
			return
		}
		id, _, inFolder := strings.Cut(strings.TrimPrefix(obj.Key, uploadsPrefix), "/")
		if !inFolder {
			// A stray blob beside the uploads' folders.
			if now.Sub(obj.ModTime) >= u.expiry {
				_ = u.store.bucket.Delete(ctx, obj.Key)
			}
			continue
		}
		if t, ok := last[id]; !ok || obj.ModTime.After(t) {
			last[id] = obj.ModTime
		}
	}
	for id, t := range last {
		if now.Sub(t) < u.expiry {
			continue
		}
		if err := deleteUploadBlobs(ctx, u.store.bucket, uploadsPrefix+id+"/"); err != nil {
			u.s.Log.Warn("resumable uploads: sweep", "upload", id, "err", err)
		}
	}
}

// SweepUploads runs the sweep of abandoned uploads as if it were now (tests).
func (s *Server) SweepUploads(now time.Time) {
	if s.uploads != nil {
		s.uploads.sweep(now)
	}
}

func newUploadID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
