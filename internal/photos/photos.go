// Package photos adds photographers' uploads to galleries: the original is
// checked and stored, the photo row and its derivatives job are committed
// together, and the derivatives are made in the background (internal/jobs).
// GraphQL and REST both call it.
package photos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// Per-file refusals, shown to the photographer beside the file.
var (
	ErrNotAnImage    = apperr.New(CodeNotAnImage, http.StatusUnsupportedMediaType, "not_an_image")
	ErrImageTooLarge = apperr.New(CodeImageTooLarge, http.StatusUnprocessableEntity, "image_too_large")
	ErrFileTooLarge  = apperr.New(CodeFileTooLarge, http.StatusRequestEntityTooLarge, "file_too_large")
	ErrBadCollection = apperr.New(CodeInvalidCollection, http.StatusBadRequest, "invalid_collection")
	ErrUploadFailed  = apperr.New(CodeUploadFailed, http.StatusInternalServerError, "upload_failed")
	// ErrDuplicate skips a file already in the gallery (same name and size,
	// or same content) when UploadFile.SkipDuplicates asks for it.
	ErrDuplicate = apperr.New(CodeDuplicatePhoto, http.StatusConflict, "duplicate_photo")
)

var (
	errNoFiles        = apperr.ErrInvalidInput.WithMessage("no_files", nil).WithField("files")
	errGalleryChanged = errors.New("photos: gallery changed owner")
)

const (
	maxCollectionLen = 120 // ent/schema Photo.collection
	maxFilenameBytes = 255 // ent/schema Photo.filename
	defaultFilename  = "photo"
	cleanupTimeout   = 30 * time.Second
)

// UploadFile is one file of an upload.
type UploadFile struct {
	// Filename is the name the browser gave; it is sanitised before it is kept.
	Filename string
	// Collection puts the photo in one of the gallery's collections; a new
	// name is added to the gallery. Empty means none.
	Collection string
	// Size is the declared size; files over the limit are refused unread.
	// Zero means unknown.
	Size int64
	Body io.Reader
	// SkipDuplicates refuses, with ErrDuplicate, a file whose name and size,
	// or whose content, are already those of a photo of the gallery
	// (resumable uploads set it; the GraphQL multipart upload does not).
	SkipDuplicates bool
}

// UploadResult is the outcome for one file: Photo (status processing) or
// Err, an *apperr.Error with a stable code.
type UploadResult struct {
	Filename string
	Photo    *ent.Photo
	Err      error
}

// Service uploads photos.
type Service struct {
	db     *ent.Client
	media  *media.Store
	jobs   *jobs.Runner
	limits media.Limits
	log    *slog.Logger
}

// New returns the photo service. Zero limits mean media.DefaultLimits.
func New(db *ent.Client, blobs *media.Store, runner *jobs.Runner, limits media.Limits) *Service {
	if limits.MaxBytes <= 0 {
		limits.MaxBytes = media.DefaultLimits.MaxBytes
	}
	if limits.MaxPixels <= 0 {
		limits.MaxPixels = media.DefaultLimits.MaxPixels
	}
	return &Service{db: db, media: blobs, jobs: runner, limits: limits, log: slog.Default()}
}

// WithLogger returns s logging to log.
func (s *Service) WithLogger(log *slog.Logger) *Service {
	c := *s
	c.log = log
	return &c
}

// Upload adds files to a gallery of the calling photographer, one after
// another. Each stored original gets a photo in status "processing",
// committed with its derivatives job; the call returns without waiting for
// derivatives. A refused or failed file leaves neither a row nor a blob,
// and does not stop the others: its UploadResult carries the error.
// The error result is for the call as a whole: apperr.ErrUnauthorized,
// ErrForbidden, ErrGalleryNotFound or ErrInvalidInput.
func (s *Service) Upload(ctx context.Context, galleryID string, files []UploadFile) ([]UploadResult, error) {
	v := viewer.FromContext(ctx)
	if v.PhotographerID == "" {
		return nil, apperr.ErrUnauthorized
	}
	g, err := s.db.Gallery.Query().Where(gallery.ID(galleryID)).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return nil, apperr.ErrGalleryNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("photos: upload: gallery %s: %w", galleryID, err)
	}
	if g.PhotographerID != v.PhotographerID {
		return nil, apperr.ErrForbidden
	}
	if len(files) == 0 {
		return nil, errNoFiles
	}
	out := make([]UploadResult, len(files))
	for i, f := range files {
		name := SanitizeFilename(f.Filename)
		out[i] = UploadResult{Filename: name}
		if err := ctx.Err(); err != nil {
			out[i].Err = ErrUploadFailed.With(err).WithField("files", strconv.Itoa(i))
			continue
		}
		p, err := s.uploadOne(ctx, g, name, f)
		if err != nil {
			e := apperr.As(err)
			if e == nil {
				s.log.ErrorContext(ctx, "photo upload failed", "gallery", g.ID, "file", name, "err", err)
				e = ErrUploadFailed.With(err)
			}
			out[i].Err = e.WithField("files", strconv.Itoa(i))
			continue
		}
		out[i].Photo = p
	}
	return out, nil
}

func (s *Service) uploadOne(ctx context.Context, g *ent.Gallery, name string, f UploadFile) (*ent.Photo, error) {
	collection := strings.TrimSpace(f.Collection)
	if len(collection) > maxCollectionLen || !utf8.ValidString(collection) {
		return nil, ErrBadCollection
	}
	if f.Size > s.limits.MaxBytes {
		return nil, s.fileTooLarge()
	}
	if f.Body == nil {
		return nil, ErrNotAnImage
	}
	id := ids.New("pho")
	orig, err := s.media.PutOriginal(ctx, id, f.Body, s.limits)
	switch {
	case errors.Is(err, media.ErrFileTooLarge):
		return nil, s.fileTooLarge().With(err)
	case errors.Is(err, media.ErrTooLarge):
		return nil, ErrImageTooLarge.WithMessage("image_too_large_max", apperr.Args{"Max": s.limits.MaxPixels / 1_000_000}).With(err)
	case errors.Is(err, media.ErrNotImage):
		return nil, ErrNotAnImage.With(err)
	case err != nil:
		return nil, fmt.Errorf("photos: store original: %w", err)
	}
	var created *ent.Photo
	err = s.jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		// Writing the gallery row first locks it (PostgreSQL) or the
		// database (SQLite) until commit, so concurrent uploads get
		// distinct positions and do not lose each other's collections.
		sctx := viewer.SystemContext(ctx)
		cur, err := tx.Gallery.UpdateOneID(g.ID).Where(gallery.PhotographerID(g.PhotographerID)).
			SetUpdatedAt(time.Now()).Save(sctx)
		if ent.IsNotFound(err) {
			return errGalleryChanged
		}
		if err != nil {
			return fmt.Errorf("lock gallery: %w", err)
		}
		if f.SkipDuplicates {
			dup, err := tx.Photo.Query().Where(photo.GalleryID(g.ID), photo.Or(
				photo.And(photo.Filename(name), photo.SizeBytes(orig.Size)),
				photo.ContentHash(orig.Hash))).First(sctx)
			switch {
			case err == nil:
				return duplicateOf(name, dup)
			case !ent.IsNotFound(err):
				return fmt.Errorf("duplicates: %w", err)
			}
		}
		if collection != "" && !slices.Contains(cur.CollectionNames, collection) {
			names := append(slices.Clip(cur.CollectionNames), collection)
			if err := tx.Gallery.UpdateOneID(g.ID).SetCollectionNames(names).Exec(sctx); err != nil {
				return fmt.Errorf("add collection: %w", err)
			}
		}
		last, err := tx.Photo.Query().Where(photo.GalleryID(g.ID)).
			Order(ent.Desc(photo.FieldPosition)).First(sctx)
		pos := 0
		switch {
		case err == nil:
			pos = last.Position + 1
		case !ent.IsNotFound(err):
			return fmt.Errorf("last position: %w", err)
		}
		created, err = tx.Photo.Create().SetID(id).SetGalleryID(g.ID).
			SetFilename(name).SetWidth(orig.Width).SetHeight(orig.Height).
			SetCollection(collection).SetPosition(pos).
			SetContentHash(orig.Hash).SetOriginalKey(orig.Key).SetContentType(orig.ContentType).
			SetSizeBytes(orig.Size).SetStatus(photo.StatusProcessing).
			Save(sctx)
		if err != nil {
			return fmt.Errorf("create photo: %w", err)
		}
		return jobs.EnqueueDerivatives(ctx, enq, id)
	})
	if err != nil {
		// Nothing half-stored: the row and job rolled back, so the blob goes too.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
		defer cancel()
		if derr := s.media.Bucket.Delete(cctx, orig.Key); derr != nil {
			s.log.ErrorContext(ctx, "photo upload: delete orphaned original", "key", orig.Key, "err", derr)
		}
		if errors.Is(err, errGalleryChanged) {
			return nil, apperr.ErrForbidden
		}
		if ae := apperr.As(err); ae != nil {
			return nil, ae
		}
		return nil, fmt.Errorf("photos: save %s: %w", id, err)
	}
	return created, nil
}

// duplicateOf is the notice of a file skipped because of dup.
func duplicateOf(name string, dup *ent.Photo) *apperr.Error {
	return ErrDuplicate.WithMessage("duplicate_photo", apperr.Args{"File": name, "Existing": dup.Filename})
}

// CheckUpload is asked before a resumable upload sends its bytes: the
// caller owns the gallery, the declared size is within the limit, the
// collection is valid, and (when skipDuplicates) no photo of the gallery
// has the same name and size. The same checks run again on the bytes.
func (s *Service) CheckUpload(ctx context.Context, galleryID, filename, collection string, size int64, skipDuplicates bool) error {
	v := viewer.FromContext(ctx)
	if v.PhotographerID == "" {
		return apperr.ErrUnauthorized
	}
	sctx := viewer.SystemContext(ctx)
	g, err := s.db.Gallery.Query().Where(gallery.ID(galleryID)).Only(sctx)
	if ent.IsNotFound(err) {
		return apperr.ErrGalleryNotFound
	}
	if err != nil {
		return fmt.Errorf("photos: check upload: gallery %s: %w", galleryID, err)
	}
	if g.PhotographerID != v.PhotographerID {
		return apperr.ErrForbidden
	}
	collection = strings.TrimSpace(collection)
	if len(collection) > maxCollectionLen || !utf8.ValidString(collection) {
		return ErrBadCollection
	}
	if size > s.limits.MaxBytes {
		return s.fileTooLarge()
	}
	if !skipDuplicates {
		return nil
	}
	name := SanitizeFilename(filename)
	dup, err := s.db.Photo.Query().Where(photo.GalleryID(g.ID), photo.Filename(name), photo.SizeBytes(size)).First(sctx)
	switch {
	case err == nil:
		return duplicateOf(name, dup)
	case !ent.IsNotFound(err):
		return fmt.Errorf("photos: check upload: duplicates: %w", err)
	}
	return nil
}

// MaxBytes is the largest file an upload accepts (MAX_UPLOAD_FILE_BYTES).
func (s *Service) MaxBytes() int64 { return s.limits.MaxBytes }

func (s *Service) fileTooLarge() *apperr.Error {
	if n := s.limits.MaxBytes; n < 1<<20 {
		return ErrFileTooLarge.WithMessage("file_too_large_kb", apperr.Args{"Max": max(n>>10, 1)})
	}
	return ErrFileTooLarge.WithMessage("file_too_large_mb", apperr.Args{"Max": s.limits.MaxBytes >> 20})
}

// SanitizeFilename keeps the base name of an uploaded file, without
// directories, control or invisible characters, as valid UTF-8 of at most
// 255 bytes (the extension is kept when the name is shortened).
func SanitizeFilename(name string) string {
	name = strings.ToValidUTF8(name, "")
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == utf8.RuneError:
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(strings.Trim(strings.TrimSpace(name), "."))
	if name == "" {
		return defaultFilename
	}
	if len(name) <= maxFilenameBytes {
		return name
	}
	ext := path.Ext(name)
	if len(ext) > 16 || !utf8.ValidString(ext) {
		ext = ""
	}
	return truncateUTF8(strings.TrimSuffix(name, ext), maxFilenameBytes-len(ext)) + ext
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
