package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
)

// TestFixable pins the one rule that makes a refusal a userError.
func TestFixable(t *testing.T) {
	wrongCode := New("invalid_access_code", http.StatusUnauthorized, "x")
	for _, tc := range []struct {
		name  string
		err   error
		codes []string
	}{
		{"nothing", nil, nil},
		{"an input problem", ErrInvalidInput, []string{"invalid_input"}},
		{"wrapped", fmt.Errorf("ctx: %w", ErrTooManyRequests), []string{"too_many_requests"}},
		{"a list, whatever its statuses", List{wrongCode, ErrInvalidInput}, []string{"invalid_access_code", "invalid_input"}},
		{"unauthorized", ErrUnauthorized, nil},
		{"forbidden", ErrForbidden, nil},
		{"not found", ErrGalleryNotFound, nil},
		{"a 401 alone", wrongCode, nil},
		{"a server failure", ErrDatabaseUnavailable, nil},
		{"not an apperr", errors.New("boom"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, rest := Fixable(tc.err)
			var codes []string
			for _, e := range got {
				codes = append(codes, e.Code)
			}
			if fmt.Sprint(codes) != fmt.Sprint(tc.codes) {
				t.Fatalf("fixable = %v, want %v", codes, tc.codes)
			}
			if (rest == nil) != (tc.codes != nil || tc.err == nil) {
				t.Fatalf("rest = %v", rest)
			}
		})
	}
}
