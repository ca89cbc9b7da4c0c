package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/lang"
)

const photographerUsage = `usage:
  gallery photographer create --email E --name N    create a photographer (signs in to /studio by e-mail)
  gallery photographer token --email E [--name N]   print a new API token (shown once)
  gallery photographer tokens --email E              list the photographer's tokens
  gallery photographer revoke --id tok_…             revoke one token
  gallery photographer revoke --email E --name N     revoke the active tokens with that name`

// photographerCmd creates photographers and manages their API tokens. Only a hash of a
// token is stored: "token" prints it once and it cannot be shown again.
func photographerCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(photographerUsage)
	}
	fs := flag.NewFlagSet("photographer "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "the photographer's e-mail")
	name := fs.String("name", "", "a name for the token (what it is for)")
	id := fs.String("id", "", "the token's id (tok_…)")
	if err := fs.Parse(args[1:]); err != nil {
		return fmt.Errorf("%w\n%s", err, photographerUsage)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q\n%s", fs.Args(), photographerUsage)
	}
	db, err := openStore(ctx, cfg, false, nil)
	if err != nil {
		return err
	}
	defer db.Close()
	// The same services as the server's (app.New), without a job runner:
	// the command only needs the tokens. Only errors are logged, on stderr,
	// so that out holds nothing but the command's answer.
	svc, err := app.New(ctx, app.Options{Config: cfg, DB: db,
		Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))})
	if err != nil {
		return err
	}
	tokens := svc.Tokens
	switch args[0] {
	case "create":
		if *email == "" || *name == "" {
			return errors.New("--email and --name are required\n" + photographerUsage)
		}
		pg, err := svc.Photographer.CreatePhotographer(ctx, *email, *name)
		if err != nil {
			return cliErr(err)
		}
		fmt.Fprintf(out, "created %s <%s> (%s)\n", pg.Name, pg.Email, pg.ID)
		fmt.Fprintln(out, "# Sign in at PUBLIC_URL/studio with this e-mail: a one-time code is sent to it.")
		return nil
	case "token":
		if *email == "" {
			return errors.New("--email is required\n" + photographerUsage)
		}
		plain, tok, err := tokens.Create(ctx, *email, *name)
		if err != nil {
			return cliErr(err)
		}
		fmt.Fprintln(out, plain)
		fmt.Fprintf(out, "# %s — keep this token secret; it is shown only once.\n", tok.ID)
		fmt.Fprintln(out, "# Use it as \"Authorization: Bearer <token>\", or open /playground?token=<token> once in a browser.")
		return nil
	case "tokens":
		if *email == "" {
			return errors.New("--email is required\n" + photographerUsage)
		}
		ts, err := tokens.List(ctx, *email)
		if err != nil {
			return cliErr(err)
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tCREATED\tLAST USED\tREVOKED")
		for _, t := range ts {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", t.ID, orDash(t.Name), t.CreatedAt.Format(time.DateTime),
				timeOrDash(t.LastUsedAt), timeOrDash(t.RevokedAt))
		}
		return tw.Flush()
	case "revoke":
		switch {
		case *id != "":
			t, err := tokens.Revoke(ctx, *id)
			if err != nil {
				return cliErr(err)
			}
			fmt.Fprintf(out, "revoked %s (%s)\n", t.ID, orDash(t.Name))
			return nil
		case *email != "" && *name != "":
			n, err := tokens.RevokeByName(ctx, *email, *name)
			if err != nil {
				return cliErr(err)
			}
			fmt.Fprintf(out, "revoked %d token(s) named %q\n", n, *name)
			return nil
		default:
			return errors.New("give --id, or --email and --name\n" + photographerUsage)
		}
	default:
		return errors.New(photographerUsage)
	}
}

// cliErr shows a user-facing error by its message rather than its code.
func cliErr(err error) error {
	var list apperr.List
	if errors.As(err, &list) && len(list) > 0 {
		msgs := make([]string, len(list))
		for i, e := range list {
			msgs[i] = e.Message(lang.FR)
			if len(e.Field) > 0 {
				msgs[i] = "--" + strings.Join(e.Field, ".") + ": " + msgs[i]
			}
		}
		return errors.New(strings.Join(msgs, "\n"))
	}
	if ae := apperr.As(err); ae != nil && ae.Status < 500 {
		return errors.New(ae.Message(lang.FR))
	}
	return err
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func timeOrDash(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.Format(time.DateTime)
}
