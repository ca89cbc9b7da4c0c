package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func TestPhotographerTokenCommands(t *testing.T) {
	ctx := context.Background()
	cfg := config.Config{DataDir: t.TempDir()}
	if testdb.Postgres() {
		cfg.DatabaseURL = testdb.CreatePostgres(t)
	}
	db, err := store.Open(ctx, store.Options{DatabaseURL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "gallery.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pg := db.Client.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(viewer.SystemContext(ctx))

	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := photographerCmd(ctx, cfg, args, &out)
		return out.String(), err
	}
	out, err := run("token", "--email", "studio@example.com", "--name", "scripts")
	if err != nil {
		t.Fatal(err)
	}
	token := strings.SplitN(out, "\n", 2)[0]
	tokens := &photographer.Tokens{DB: db.Client}
	id, pid, err := tokens.Authenticate(ctx, token)
	if err != nil || pid != pg.ID || !strings.Contains(out, id) {
		t.Fatalf("printed token %q does not authenticate: %v", out, err)
	}
	if _, err := run("token", "--email", "studio@example.com"); err != nil {
		t.Fatal(err)
	}
	out, err = run("tokens", "--email", "studio@example.com")
	if err != nil || !strings.Contains(out, id) || !strings.Contains(out, "scripts") || strings.Contains(out, token) {
		t.Fatalf("tokens: %q %v", out, err)
	}
	if out, err = run("revoke", "--id", id); err != nil || !strings.Contains(out, "revoked "+id) {
		t.Fatalf("revoke: %q %v", out, err)
	}
	if _, _, err := tokens.Authenticate(ctx, token); err == nil {
		t.Fatal("the revoked token still authenticates")
	}
	if out, err = run("revoke", "--email", "studio@example.com", "--name", ""); err == nil {
		t.Fatalf("revoke without id nor name: %q", out)
	}

	for _, args := range [][]string{
		{},
		{"token"},
		{"token", "--email", "nobody@example.com"},
		{"revoke", "--id", "tok_nope"},
		{"frobnicate"},
	} {
		if _, err := run(args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestPhotographerCreate makes a photographer on a fresh install, who can
// then get a token; a taken e-mail, a bad one and a missing name are
// refused with their French message.
func TestPhotographerCreate(t *testing.T) {
	ctx := context.Background()
	cfg := config.Config{DataDir: t.TempDir()}
	if testdb.Postgres() {
		cfg.DatabaseURL = testdb.CreatePostgres(t)
	}
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := photographerCmd(ctx, cfg, args, &out)
		return out.String(), err
	}
	out, err := run("create", "--email", " Lea@Example.com ", "--name", "Studio Léa")
	if err != nil || !strings.Contains(out, "created Studio Léa <lea@example.com> (pgr_") {
		t.Fatalf("create: %q %v", out, err)
	}
	if out, err := run("token", "--email", "lea@example.com"); err != nil || !strings.HasPrefix(out, photographer.TokenPrefix) {
		t.Fatalf("token for the new photographer: %q %v", out, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "--email", "LEA@example.com", "--name", "Autre"}, "--email: Un photographe a déjà cette adresse e-mail."},
		{[]string{"create", "--email", "pas-une-adresse", "--name", "X"}, "--email: L'adresse email saisie n'est pas valide"},
		{[]string{"create", "--email", "x@example.com", "--name", "   "}, "--name: Merci de remplir ce champ"},
		{[]string{"create", "--email", "x@example.com"}, "--email and --name are required"},
	} {
		if _, err := run(c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
