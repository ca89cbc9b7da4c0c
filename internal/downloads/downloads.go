// Package downloads prepares a gallery's files as ZIP archives in the
// background and hands out expiring links to them.
//
// A request (Request) is stored with its first job in one transaction. The
// work is a chain of jobs, one per part: the first plans the parts (which
// photos go in which, by size) and stores the plan; each part job streams
// its photos into one ZIP (stored, not recompressed) written to the blob
// store, then, in one transaction, records its progress and enqueues the
// next part, or, for the last one, marks the request ready and enqueues
// the e-mail. A part job that dies is rescued and writes its part again
// from the start (blob writes are atomic), so a crash never leaves a
// partial file behind a link, and the ready transition, which enqueues the
// one e-mail, happens once. Every change is published on TopicDownload.
package downloads

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/viewer"
)

// TopicDownload is the events topic of download requests; the id is the
// request's.
const TopicDownload = "download"

// Defaults.
const (
	// DefaultPartLimit bounds one ZIP part: a part is one job, which must
	// finish well within its timeout even on a slow bucket.
	DefaultPartLimit = 1 << 30
	// DefaultLinkTTL is how long download links work.
	DefaultLinkTTL = 7 * 24 * time.Hour
	// MaxCollections bounds the collections of one request.
	MaxCollections = 100
)

// Errors.
var (
	ErrNoCollection = apperr.New(CodeCollectionsRequired, http.StatusBadRequest,
		"collections_required").WithField("collections")
	ErrUnknownCollection = apperr.New(CodeUnknownCollection, http.StatusBadRequest,
		"unknown_collection").WithField("collections")
	ErrQuality = apperr.New(CodeInvalidQuality, http.StatusBadRequest,
		"invalid_quality").WithField("quality")
	ErrNotAllowed = apperr.New(CodeDownloadNotAllowed, http.StatusForbidden,
		"download_not_allowed")
	ErrInvalidEmail = apperr.New(CodeInvalidEmail, http.StatusBadRequest,
		"invalid_email").WithField("email")
	ErrSuspiciousEmail = apperr.New(CodeEmailSuspicious, http.StatusBadRequest,
		"email_suspicious").WithField("email")
	ErrRequestNotFound = apperr.New(CodeDownloadNotFound, http.StatusNotFound,
		"download_not_found")
	ErrNotReady = apperr.New(CodeDownloadNotReady, http.StatusConflict,
		"download_not_ready")
	ErrExpired = apperr.New(CodeDownloadExpired, http.StatusGone,
		"download_expired")
)

// Service takes download requests.
type Service struct {
	DB     *ent.Client
	Jobs   *jobs.Runner
	Events events.Broker
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// RequestInput is what the download form sends.
type RequestInput struct {
	Email       string
	Collections []string
	Quality     string
	// EmailConfirmed: the person saw the possibly-invalid-address warning
	// and keeps the address.
	EmailConfirmed bool
}

// Request stores a download request and its first job in one transaction.
// The viewer must be allowed to download the gallery's files in that
// quality (the photographer, or anyone the gallery's downloadInformation
// lets download for free).
func (s *Service) Request(ctx context.Context, g *ent.Gallery, in RequestInput) (*ent.DownloadRequest, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	if in.Quality != "web" && in.Quality != "hd" {
		return nil, ErrQuality
	}
	if err := galleries.RequireAction(ctx, g, galleries.FreeDownload(g, in.Quality), ErrNotAllowed); err != nil {
		return nil, err
	}
	email, err := checkEmail(in.Email, in.EmailConfirmed)
	if err != nil {
		return nil, err
	}
	cols, err := checkCollections(g, in.Collections)
	if err != nil {
		return nil, err
	}
	v := viewer.FromContext(ctx)
	var out *ent.DownloadRequest
	err = s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		r, err := tx.DownloadRequest.Create().SetGalleryID(g.ID).SetEmail(email).SetCollections(cols).
			SetQuality(downloadrequest.Quality(in.Quality)).SetSessionKey(v.SessionKey).
			SetLinkToken(ids.Token(24)).SetLanguage(requestLanguage(ctx)).Save(ctx)
		if err != nil {
			return err
		}
		out = r
		_, err = enq.Enqueue(ctx, PartArgs{RequestID: r.ID, Part: 0}, nil)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("downloads: request: %w", err)
	}
	s.publish(ctx, out.ID)
	return out, nil
}

// OrderDelivery names the files an order bought in one quality.
type OrderDelivery struct {
	GalleryID  string
	OrderID    string
	Email      string
	SessionKey string
	// Language is the buyer's, for the e-mail with the links ("" for the gallery's).
	Language string
	Quality  downloadrequest.Quality
	// PhotoIDs are the photos bought one by one; nil means the whole gallery.
	PhotoIDs []string
}

// ForOrder stores the request that delivers an order's files, and its first
// job, in the caller's transaction (the one that validates the order).
func ForOrder(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, d OrderDelivery) (*ent.DownloadRequest, error) {
	create := tx.DownloadRequest.Create().SetGalleryID(d.GalleryID).SetEmail(d.Email).SetCollections([]string{}).
		SetQuality(d.Quality).SetOrderID(d.OrderID).SetSessionKey(d.SessionKey).SetLinkToken(ids.Token(24)).
		SetLanguage(d.Language)
	if d.PhotoIDs != nil {
		create.SetPhotoIds(d.PhotoIDs)
	}
	r, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("downloads: order delivery: %w", err)
	}
	if _, err := enq.Enqueue(ctx, PartArgs{RequestID: r.ID, Part: 0}, nil); err != nil {
		return nil, err
	}
	return r, nil
}

// checkEmail validates the address and warns about likely typos.
func checkEmail(raw string, confirmed bool) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(raw))
	if err != nil || a.Name != "" || !strings.Contains(a.Address, "@") || len(a.Address) > 254 {
		return "", ErrInvalidEmail
	}
	email := strings.ToLower(a.Address)
	if !confirmed && Suspicious(email) {
		return "", ErrSuspiciousEmail
	}
	return email, nil
}

// typoDomains are frequent misspellings of the big mail providers.
var typoDomains = map[string]bool{
	"gmial.com": true, "gmai.com": true, "gmal.com": true, "gmail.co": true, "gmail.con": true, "gmaill.com": true,
	"gnail.com": true, "gmail.fr": true, "hotmial.com": true, "hotmal.com": true, "hotmail.co": true, "hotmail.con": true,
	"hotmial.fr": true, "hotmal.fr": true, "yahooo.com": true, "yaho.com": true, "yahoo.co": true, "yahou.fr": true,
	"outlok.com": true, "outloo.com": true, "outlook.co": true, "iclod.com": true, "icloud.co": true, "skynet.b": true,
	"telenet.b": true, "orange.f": true, "wanadoo.f": true, "free.f": true,
}

// Suspicious tells whether an address that parses is probably mistyped: a
// known misspelled provider, or a domain without a dot-separated top level.
func Suspicious(email string) bool {
	_, domain, ok := strings.Cut(email, "@")
	if !ok {
		return true
	}
	if typoDomains[domain] {
		return true
	}
	i := strings.LastIndexByte(domain, '.')
	return i <= 0 || len(domain)-i-1 < 2
}

// checkCollections keeps the named collections that the gallery has; at
// least one is required.
func checkCollections(g *ent.Gallery, names []string) ([]string, error) {
	if len(names) == 0 {
		return nil, ErrNoCollection
	}
	if len(names) > MaxCollections {
		return nil, ErrUnknownCollection
	}
	known := g.CollectionNames
	out := []string{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if len(known) > 0 && !slices.Contains(known, n) {
			return nil, ErrUnknownCollection
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Get returns a request the viewer made (same browser or same confirmed
// e-mail), or any request of the photographer's galleries.
func (s *Service) Get(ctx context.Context, id string) (*ent.DownloadRequest, error) {
	r, err := s.DB.DownloadRequest.Query().Where(downloadrequest.ID(id)).
		WithGallery(func(q *ent.GalleryQuery) { q.Select(gallery.FieldID, gallery.FieldPhotographerID, gallery.FieldURL) }).
		Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return nil, ErrRequestNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("downloads: get: %w", err)
	}
	if !CanSee(ctx, r) {
		return nil, ErrRequestNotFound
	}
	return r, nil
}

// CanSee tells whether the viewer may follow a request: its requester's
// browser or confirmed e-mail, or the gallery's photographer.
func CanSee(ctx context.Context, r *ent.DownloadRequest) bool {
	v := viewer.FromContext(ctx)
	if v.System {
		return true
	}
	if g := r.Edges.Gallery; g != nil && v.PhotographerID != "" && v.PhotographerID == g.PhotographerID {
		return true
	}
	if v.SessionKey != "" && subtle.ConstantTimeCompare([]byte(v.SessionKey), []byte(r.SessionKey)) == 1 {
		return true
	}
	return v.Email != "" && strings.EqualFold(v.Email, r.Email)
}

// Resend e-mails the links of a ready request again.
func (s *Service) Resend(ctx context.Context, id string) (*ent.DownloadRequest, error) {
	r, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Status != downloadrequest.StatusReady {
		return nil, ErrNotReady
	}
	if _, err := s.Jobs.Enqueue(ctx, MailArgs{RequestID: r.ID, Resend: true}, nil); err != nil {
		return nil, fmt.Errorf("downloads: resend: %w", err)
	}
	return r, nil
}

// Part finds the blob key of a part behind a download link.
func (s *Service) Part(ctx context.Context, id, token string, n int) (*ent.DownloadRequest, string, error) {
	r, err := s.DB.DownloadRequest.Query().Where(downloadrequest.ID(id)).
		WithGallery(func(q *ent.GalleryQuery) { q.Select(gallery.FieldID, gallery.FieldURL) }).
		Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) || (err == nil && (r.LinkToken == "" || subtle.ConstantTimeCompare([]byte(token), []byte(r.LinkToken)) != 1)) {
		return nil, "", ErrRequestNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("downloads: part: %w", err)
	}
	switch {
	case r.Status != downloadrequest.StatusReady:
		return nil, "", ErrNotReady
	case r.ExpiresAt != nil && s.now().After(*r.ExpiresAt):
		return nil, "", ErrExpired
	case n < 1 || n > len(r.Parts):
		return nil, "", ErrRequestNotFound
	}
	return r, r.Parts[n-1], nil
}

// Links are the request's download addresses, relative to the site.
func Links(r *ent.DownloadRequest) []string {
	if r.Status != downloadrequest.StatusReady {
		return nil
	}
	out := make([]string, len(r.Parts))
	for i := range r.Parts {
		out[i] = fmt.Sprintf("/media/downloads/%s/%s/%d.zip", r.ID, r.LinkToken, i+1)
	}
	return out
}

// FileName is the name a part downloads as: "gala-2026-hd-1.zip".
func FileName(r *ent.DownloadRequest, n int) string {
	slug := "galerie"
	if g := r.Edges.Gallery; g != nil && g.URL != "" {
		slug = g.URL
	}
	if len(r.Parts) <= 1 {
		return fmt.Sprintf("%s-%s.zip", slug, r.Quality)
	}
	return fmt.Sprintf("%s-%s-%d.zip", slug, r.Quality, n)
}

func (s *Service) publish(ctx context.Context, id string) {
	if s.Events != nil {
		_ = s.Events.Publish(context.WithoutCancel(ctx), TopicDownload, id)
	}
}

// requestLanguage is the language the visitor's request named, or "" (the
// gallery's default, read when the e-mail is written).
func requestLanguage(ctx context.Context) string {
	t, _ := lang.From(ctx)
	return string(t)
}
