// Package apperr defines the errors users can act on: a stable code, the
// key of its message with the message's parameters, and the HTTP status
// both API doors use. The words live in the catalogs (messages/*.json,
// French, Dutch and English); the doors render them in the request's
// language (Message).
package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/studio/gallery/internal/lang"
	"time"
)

// Error is a failure with a stable code that the API shows as it is.
type Error struct {
	// Code is stable and machine-readable, such as "gallery_not_found".
	Code string
	// Key names the message in the catalogs; several messages may share a
	// code (too_long says which field).
	Key string
	// Args fill the message's placeholders ({{.Max}}); Args["Count"]
	// chooses the plural form.
	Args Args
	// Status is the HTTP status the REST door answers with.
	Status int
	// Field names the input at fault, if any.
	Field []string
	// Err is the cause, logged but never shown.
	Err error
	// RetryAfter is how long to wait before trying again, for a 429: REST
	// sends it as the Retry-After header, GraphQL as retryAfter (seconds).
	RetryAfter time.Duration
}

// DefaultRetryAfter is what a 429 announces when its refusal did not say
// how long to wait.
const DefaultRetryAfter = time.Minute

// RetryAfterSeconds is the wait a refusal announces, in whole seconds
// rounded up: at least 1 for a 429, 0 for other errors without a wait.
func (e *Error) RetryAfterSeconds() int {
	d := e.RetryAfter
	if d <= 0 {
		if e.Status != http.StatusTooManyRequests {
			return 0
		}
		d = DefaultRetryAfter
	}
	return max(int((d+time.Second-1)/time.Second), 1)
}

// WithRetryAfter returns a copy of e announcing a wait of d.
func (e *Error) WithRetryAfter(d time.Duration) *Error {
	c := *e
	c.RetryAfter = d
	return &c
}

// Error is for logs and tests: the code and the French message.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message(lang.FR), e.Err)
	}
	return e.Code + ": " + e.Message(lang.FR)
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches errors with the same code, so errors.Is(err, ErrGalleryNotFound) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// With returns a copy of e with a cause attached.
func (e *Error) With(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// WithMessage returns a copy of e with another message: its catalog key
// and the parameters it needs.
func (e *Error) WithMessage(key string, args Args) *Error {
	c := *e
	c.Key, c.Args = key, args
	return &c
}

// WithArgs returns a copy of e with the parameters of its message.
func (e *Error) WithArgs(args Args) *Error {
	c := *e
	c.Args = args
	return &c
}

// WithField returns a copy of e naming the input at fault.
func (e *Error) WithField(path ...string) *Error {
	c := *e
	c.Field = path
	return &c
}

// New makes an error with a code, a status and the catalog key of its message.
func New(code string, status int, key string) *Error {
	return &Error{Code: code, Status: status, Key: key}
}

// The codes both doors share.
var (
	ErrGalleryNotFound = New("gallery_not_found", http.StatusNotFound, "gallery_not_found")
	// ErrGalleryOffline: the gallery exists but its photographer archived
	// it or its expiry date has passed; only they (and preview links) open it.
	ErrGalleryOffline  = New("gallery_offline", http.StatusGone, "gallery_offline")
	ErrNotFound        = New("not_found", http.StatusNotFound, "not_found")
	ErrUnauthorized    = New("unauthorized", http.StatusUnauthorized, "unauthorized")
	ErrForbidden       = New("forbidden", http.StatusForbidden, "forbidden")
	ErrInvalidInput    = New("invalid_input", http.StatusBadRequest, "invalid_input")
	ErrInternal        = New("internal", http.StatusInternalServerError, "internal")
	ErrTooManyRequests = New("too_many_requests", http.StatusTooManyRequests, "too_many_requests")
	ErrMailNotSent     = New("mail_not_sent", http.StatusServiceUnavailable, "mail_not_sent")
	ErrBadReference    = New("bad_reference", http.StatusUnprocessableEntity, "bad_reference")
	// ErrPreviewReadOnly refuses, to a viewer who reaches a gallery only
	// through a preview link, every action that changes something or hands
	// out files (internal/gallery.RequireAction).
	ErrPreviewReadOnly = New("preview_read_only", http.StatusForbidden, "preview_read_only")
	// ErrDatabaseUnavailable: the database did not answer (restarting, a
	// network cut); nothing was changed unless a later read shows it was.
	ErrDatabaseUnavailable = New("database_unavailable", http.StatusServiceUnavailable, "database_unavailable")
)

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// List is several problems with one input, each naming its field: the one
// multi-error type of every domain package. GraphQL payloads show them all
// as userErrors; REST answers with the first (its status, code, message and
// field) and lists them all under "errors".
type List []*Error

// Add records one problem.
func (l *List) Add(e *Error) { *l = append(*l, e) }

func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Unwrap lets errors.As and As find the first problem.
func (l List) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns l as an error, or nil when it holds nothing.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// AsList returns the problems err holds: a List's, the single *Error's, or nil.
func AsList(err error) List {
	var l List
	if errors.As(err, &l) {
		return l
	}
	if e := As(err); e != nil {
		return List{e}
	}
	return nil
}

// Fixable is the one rule both doors use to tell the problems the person
// can fix (GraphQL shows them as a payload's userErrors) from the failures
// of the request itself (GraphQL errors with extensions.code): every problem
// of a List, and a single refusal with a 4xx status other than 401, 403 and
// 404, which question who asks or what they name. A domain that refuses
// what was typed with one of those statuses (a wrong access code is a 401
// in REST) returns it in a List. Other errors come back as rest.
func Fixable(err error) (fixable List, rest error) {
	if err == nil {
		return nil, nil
	}
	var l List
	if errors.As(err, &l) && len(l) > 0 {
		return l, nil
	}
	if e := As(err); e != nil && e.Status >= 400 && e.Status < 500 {
		switch e.Status {
		case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
		default:
			return List{e}, nil
		}
	}
	return nil, err
}
