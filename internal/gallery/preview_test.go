package gallery_test

import (
	"context"
	"errors"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/viewer"
)

// TestRequireActionLeavesPreviewsOut: a preview link reads as a client
// (Access) but acts with the viewer's own credentials only (OwnAccess,
// RequireAction), answering preview_read_only where only the preview would
// allow; it never takes away what the viewer's own credentials give.
func TestRequireActionLeavesPreviewsOut(t *testing.T) {
	protected := &ent.Gallery{ID: "gal_p", PhotographerID: "pg_1", Published: true, NeedEmail: true,
		DownloadInformation: model.DownloadInformation{FreeDownload: true, ClientsOnly: true, Qualities: []string{"hd"}}}
	public := &ent.Gallery{ID: "gal_o", PhotographerID: "pg_1", Published: true, IsPublic: true,
		DownloadInformation: model.DownloadInformation{FreeDownload: true, Qualities: []string{"hd"}}}
	draft := &ent.Gallery{ID: "gal_d", PhotographerID: "pg_1", IsPublic: true}
	previewOf := func(g *ent.Gallery, v viewer.Viewer) *viewer.Viewer {
		v.Previews = map[string]bool{g.ID: true}
		return &v
	}
	deny := errors.New("deny")
	for _, c := range []struct {
		name     string
		v        *viewer.Viewer
		g        *ent.Gallery
		allowed  func(gallery.State) bool
		readOnly bool
		want     error
	}{
		{"preview only, browse", previewOf(protected, viewer.Viewer{}), protected, gallery.Browsing, true, apperr.ErrPreviewReadOnly},
		{"preview only, client tool", previewOf(protected, viewer.Viewer{Email: "a@example.com"}), protected, gallery.AsClient, true, apperr.ErrPreviewReadOnly},
		{"preview only, free HD for clients", previewOf(protected, viewer.Viewer{}), protected, gallery.FreeDownload(protected, "hd"), true, apperr.ErrPreviewReadOnly},
		{"preview of an unpublished gallery", previewOf(draft, viewer.Viewer{}), draft, gallery.Browsing, true, apperr.ErrPreviewReadOnly},
		{"preview and client code", previewOf(protected, viewer.Viewer{Email: "a@example.com", Grants: map[string]viewer.Role{protected.ID: viewer.RoleClient}}), protected, gallery.AsClient, false, nil},
		{"preview and visitor code, client tool", previewOf(protected, viewer.Viewer{Email: "a@example.com", Grants: map[string]viewer.Role{protected.ID: viewer.RoleVisitor}}), protected, gallery.AsClient, true, apperr.ErrPreviewReadOnly},
		{"preview of a public gallery, visitor's free HD", previewOf(public, viewer.Viewer{}), public, gallery.FreeDownload(public, "hd"), true, nil},
		{"preview of a public gallery, client tool", previewOf(public, viewer.Viewer{}), public, gallery.AsClient, true, apperr.ErrPreviewReadOnly},
		{"preview, photographer", previewOf(draft, viewer.Viewer{PhotographerID: "pg_1"}), draft, gallery.AsClient, false, nil},
		{"no preview, client tool as a visitor", &viewer.Viewer{}, public, gallery.AsClient, false, deny},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := viewer.NewContext(context.Background(), c.v)
			if got := gallery.Access(ctx, c.g).ReadOnly; got != c.readOnly {
				t.Errorf("readOnly %v, want %v", got, c.readOnly)
			}
			if len(c.v.Previews) > 0 && !gallery.Access(ctx, c.g).IsClient {
				t.Error("a preview does not read as a client")
			}
			err := gallery.RequireAction(ctx, c.g, c.allowed, deny)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Fatalf("RequireAction: %v, want %v", err, c.want)
			}
		})
	}
}
