package selections_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/viewer"
)

func TestOnlyTheGallerysClientsTouchTheAlbum(t *testing.T) {
	f := setup(t)
	for _, c := range []struct {
		name string
		ctx  context.Context
		code string
	}{
		{"no access", f.as("x@example.com", viewer.RoleNone), "unauthorized"},
		{"visitor", f.as("x@example.com", viewer.RoleVisitor), "forbidden"},
		{"other photographer", viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.pg2.ID}), "unauthorized"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := f.svc.AddToAlbum(c.ctx, f.g, ids(f.photos[0])); code(err) != c.code {
				t.Errorf("add: %v", err)
			}
			if _, err := f.svc.RemoveFromAlbum(c.ctx, f.g, ids(f.photos[0])); code(err) != c.code {
				t.Errorf("remove: %v", err)
			}
			if _, err := f.svc.SendAlbum(c.ctx, f.g); code(err) != c.code {
				t.Errorf("send: %v", err)
			}
			if _, err := f.svc.AlbumOf(c.ctx, f.g); code(err) != c.code {
				t.Errorf("read: %v", err)
			}
		})
	}
	f.g = f.db.Gallery.UpdateOne(f.g).SetAlbumActivated(false).SaveX(f.sys)
	if _, err := f.svc.AddToAlbum(f.as("", viewer.RoleClient), f.g, ids(f.photos[0])); code(err) != "album_disabled" {
		t.Fatalf("album switched off: %v", err)
	}
	if n := f.db.Album.Query().CountX(f.sys); n != 0 {
		t.Fatal("a refused call made an album")
	}
}

func TestAlbumIsSharedBuiltSentLockedAndReopened(t *testing.T) {
	f := setup(t)
	julie := f.as("julie@example.com", viewer.RoleClient)
	thomas := f.as("", viewer.RoleClient)
	p := f.photos
	// Two clients build one album; additions are idempotent.
	if _, err := f.svc.AddToAlbum(julie, f.g, ids(p[0], p[1])); err != nil {
		t.Fatal(err)
	}
	a, err := f.svc.AddToAlbum(thomas, f.g, ids(p[1], p[2], p[3], f.hidden))
	if err != nil {
		t.Fatal(err)
	}
	if want := ids(p[0], p[1], p[2], p[3], f.hidden); !slices.Equal(a.PhotoIDs, want) || a.PhotoCount() != 5 {
		t.Fatalf("album: %v, want %v", a.PhotoIDs, want)
	}
	if _, err := f.svc.AddToAlbum(julie, f.g, ids(f.private)); code(err) != "photo_not_found" {
		t.Fatalf("private photo: %v", err)
	}
	// Over the maximum: sending says how many to remove.
	f.g = f.db.Gallery.UpdateOne(f.g).SetAlbumMaxPhotos(2).SaveX(f.sys)
	_, err = f.svc.SendAlbum(julie, f.g)
	ae := apperr.As(err)
	if ae == nil || ae.Code != "album_too_many" || ae.Message(lang.FR) != "Votre album contient 3 photos de trop : retirez-en 3 avant de l'envoyer." {
		t.Fatalf("send over the maximum: %v", err)
	}
	if got, _ := f.svc.AlbumOf(julie, f.g); got.State != album.StateOpen || got.Excess() != 3 {
		t.Fatalf("a refused send changed the album: %+v", got)
	}
	if _, err := f.svc.RemoveFromAlbum(julie, f.g, ids(p[0], p[2])); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.SendAlbum(julie, f.g)
	if ae := apperr.As(err); ae == nil || ae.Message(lang.FR) != "Votre album contient 1 photo de trop : retirez-en 1 avant de l'envoyer." {
		t.Fatalf("one too many: %v", err)
	}
	if _, err := f.svc.RemoveFromAlbum(thomas, f.g, ids(f.hidden, f.foreign)); err != nil {
		t.Fatal(err)
	}
	// Sent: the photographer gets the list of files; the album locks.
	a, err = f.svc.SendAlbum(julie, f.g)
	if err != nil || a.State != album.StateSent || a.SentAt == nil {
		t.Fatalf("send: %+v %v", a, err)
	}
	msgs := f.mail.sent()
	if len(msgs) != 1 {
		t.Fatalf("%d e-mails", len(msgs))
	}
	m := msgs[0]
	if m.To[0] != "studio@example.com" || m.ReplyTo != "julie@example.com" || !strings.HasPrefix(m.Subject, "Album envoyé : Mariage") ||
		!strings.Contains(m.Text, "- IMG_0002.jpg\n- IMG_0004.jpg\n") || !strings.Contains(m.Text, "julie@example.com") ||
		!strings.Contains(m.Text, "https://galerie.example/mariage") {
		t.Fatalf("e-mail: %+v", m)
	}
	for name, call := range map[string]func() error{
		"add":    func() error { _, err := f.svc.AddToAlbum(thomas, f.g, ids(p[0])); return err },
		"remove": func() error { _, err := f.svc.RemoveFromAlbum(thomas, f.g, ids(p[1])); return err },
		"send":   func() error { _, err := f.svc.SendAlbum(thomas, f.g); return err },
	} {
		if err := call(); code(err) != "album_sent" {
			t.Errorf("%s after sending: %v", name, err)
		}
	}
	// Only its photographer reopens it.
	if _, err := f.svc.ReopenAlbum(julie, f.g); code(err) != "unauthorized" {
		t.Fatalf("client reopens: %v", err)
	}
	if _, err := f.svc.ReopenAlbum(viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.pg2.ID}), f.g); code(err) != "forbidden" {
		t.Fatalf("other photographer reopens: %v", err)
	}
	if a, err := f.svc.ReopenAlbum(f.owner(), f.g); err != nil || a.State != album.StateOpen || a.SentAt != nil {
		t.Fatalf("reopen: %+v %v", a, err)
	}
	if a, err := f.svc.AddToAlbum(thomas, f.g, ids(p[0])); err != nil || a.PhotoCount() != 3 {
		t.Fatalf("add after reopening: %+v %v", a, err)
	}
}

// TestSentAlbumWaitsForTheMailServer: with the job runner, sending the
// album succeeds and locks it while the mail server refuses mail; the
// e-mail waits in its job and arrives once when the server is back. A
// refused send queues nothing.
func TestSentAlbumWaitsForTheMailServer(t *testing.T) {
	f := setup(t)
	runner, srv, failed := jobstest.MailDown(t, f.store)
	f.svc.Jobs = runner

	julie := f.as("julie@example.com", viewer.RoleClient)
	if _, err := f.svc.AddToAlbum(julie, f.g, ids(f.photos[0], f.photos[1])); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SendAlbum(julie, f.g); code(err) != "album_too_many" {
		t.Fatalf("over the maximum: %v", err)
	}
	if n := jobstest.Count(t, f.store, jobs.KindMailSend); n != 0 {
		t.Fatalf("a refused send queued %d e-mails", n)
	}
	if _, err := f.svc.RemoveFromAlbum(julie, f.g, ids(f.photos[1])); err != nil {
		t.Fatal(err)
	}
	a, err := f.svc.SendAlbum(julie, f.g)
	if err != nil || a.State != album.StateSent || a.SentBy != "julie@example.com" {
		t.Fatalf("send with the mail server down: %+v %v", a, err)
	}
	select {
	case <-failed:
	case <-time.After(30 * time.Second):
		t.Fatal("the e-mail was not tried while the mail server was down")
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d e-mails went through a server that is down", n)
	}
	srv.SetDown(false)
	m := srv.Wait(t, 1, 30*time.Second)[0]
	time.Sleep(300 * time.Millisecond)
	if n := len(srv.Messages()); n != 1 || m.To[0] != "studio@example.com" || m.Header.Get("Reply-To") != "<julie@example.com>" ||
		!strings.Contains(m.Text, "IMG_0001.jpg") || strings.Contains(m.Text, "IMG_0002.jpg") {
		t.Fatalf("%d e-mails; to %q, reply-to %q: %q", n, m.To, m.Header.Get("Reply-To"), m.Text)
	}
}

// TestAlbumStaysOpenWhenTheEmailFails: without a job runner the e-mail is
// sent during the call; if it cannot be, the album stays open.
func TestAlbumStaysOpenWhenTheEmailFails(t *testing.T) {
	f := setup(t)
	client := f.as("", viewer.RoleClient)
	if _, err := f.svc.SendAlbum(client, f.g); code(err) != "album_empty" {
		t.Fatalf("empty album: %v", err)
	}
	if _, err := f.svc.AddToAlbum(client, f.g, ids(f.photos[0])); err != nil {
		t.Fatal(err)
	}
	f.mail.Fail = true
	if _, err := f.svc.SendAlbum(client, f.g); code(err) != "mail_not_sent" {
		t.Fatalf("send with the mail server down: %v", err)
	}
	a, _ := f.svc.AlbumOf(client, f.g)
	if a.State != album.StateOpen || a.SentAt != nil {
		t.Fatalf("album after a failed e-mail: %+v", a)
	}
	f.mail.Fail = false
	if a, err := f.svc.SendAlbum(client, f.g); err != nil || a.State != album.StateSent {
		t.Fatalf("send again: %+v %v", a, err)
	}
	if m := f.mail.sent(); len(m) != 1 || m[0].ReplyTo != "" || !strings.Contains(m[0].Text, "un client de la galerie") {
		t.Fatalf("e-mail without a confirmed sender: %+v", m)
	}
}

func TestConcurrentAlbumAdditionsMakeOneAlbumAndOneRow(t *testing.T) {
	f := setup(t)
	client := f.as("", viewer.RoleClient)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := f.svc.AddToAlbum(client, f.g, ids(f.photos[0], f.photos[1]))
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n := f.db.Album.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d albums", n)
	}
	if a, _ := f.svc.AlbumOf(client, f.g); a.PhotoCount() != 2 {
		t.Fatalf("album: %+v", a)
	}
}
