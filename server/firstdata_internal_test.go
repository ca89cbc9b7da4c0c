package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/app"
)

func TestFirstDataPlan(t *testing.T) {
	names := func(ops []firstOp) string {
		var s []string
		for _, op := range ops {
			s = append(s, op.Op)
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct{ path, query, want string }{
		{"gala", "", "GalleryShell,GalleryHome"},
		{"gala/", "", "GalleryShell,GalleryHome"},
		{"gala", "collection=Spectacle", "GalleryShell,GalleryHome,GalleryCollectionPhotos"},
		{"gala/photos/pho_1", "", "GalleryShell,PhotoGallery,PhotoNode,PhotoSequence"},
		{"gala/cart", "", "GalleryShell"},
		{"gala", "previewHash=x", ""},
		{"", "", ""},
		{"index.html", "", ""},
	} {
		q, _ := url.ParseQuery(c.query)
		if got := names(firstDataPlan(c.path, q)); got != c.want {
			t.Errorf("%s?%s: %s, want %s", c.path, c.query, got, c.want)
		}
	}
}

func TestAnswerData(t *testing.T) {
	for body, want := range map[string]string{
		`{"data":{"gallery":{"id":"g"}}}`:                       `{"gallery":{"id":"g"}}`,
		`{"data":null}`:                                         "",
		`{"errors":[{"message":"no"}],"data":null}`:             "",
		`{"errors":[{"message":"no"}],"data":{"gallery":null}}`: "",
		`{"data":{"a":1},"extensions":{"x":1}}`:                 `{"a":1}`,
		`not json`:                                              "",
	} {
		if got := string(answerData([]byte(body))); got != want {
			t.Errorf("%s: %q, want %q", body, got, want)
		}
	}
}

// A first-data run that fails, or panics, leaves the page as it was.
func TestFirstDataNeverBreaksThePage(t *testing.T) {
	s := &Server{Services: &app.Services{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}}
	r := httptest.NewRequest("GET", "/gala", nil)
	s.gql = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	if ops := s.firstData(r); ops != nil {
		t.Errorf("a panic gave %v", ops)
	}
	s.gql = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	if ops := s.firstData(r); ops != nil {
		t.Errorf("a 500 gave %v", ops)
	}
	page := []byte("<html><body><div id=root></div></body></html>")
	if got := withFirstData(page, nil); string(got) != string(page) {
		t.Errorf("no first data changed the page: %s", got)
	}
	// A page without </body> gets the data at its end.
	ops := []firstOp{{Op: "GalleryShell", Variables: map[string]any{"url": "<g>"}, Data: []byte(`{"gallery":{"eventName":"</script>"}}`)}}
	got := string(withFirstData([]byte("<div id=root></div>"), ops))
	if !strings.HasPrefix(got, "<div id=root></div><script") || strings.Contains(got, "</script>\"") || strings.Contains(got, `"<g>"`) {
		t.Errorf("page %s", got)
	}
}
