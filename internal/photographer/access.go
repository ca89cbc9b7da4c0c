package photographer

import (
	"context"
	"fmt"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
)

// CreateAccessCodeInput creates a client (privileged) or visitor code for a
// gallery. Code is generated when empty.
type CreateAccessCodeInput struct {
	GalleryID string
	Kind      accesscode.Kind
	Code      *string
	Label     *string
	// Email is the client's address, for forgotten-code recovery.
	Email *string
}

// UpdateAccessCodeInput changes a code's label and e-mail.
type UpdateAccessCodeInput struct {
	AccessCodeID string
	Label        *string
	Email        *string
}

// RevokeAccessCodeInput names a code to revoke.
type RevokeAccessCodeInput struct{ AccessCodeID string }

// DeleteAccessCodeInput names a code to delete.
type DeleteAccessCodeInput struct{ AccessCodeID string }

// CreateAccessCode creates an access code for a gallery the viewer owns.
func (s *Service) CreateAccessCode(ctx context.Context, in CreateAccessCodeInput) (*ent.AccessCode, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.AccessCode) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		var errs apperr.List
		if accesscode.KindValidator(in.Kind) != nil {
			errs.Add(userErr(CodeInvalidValue, "access_code_kind", "kind"))
		}
		code := ""
		if in.Code != nil {
			code = normalizeAccessCode(*in.Code)
		}
		if code == "" {
			code = RandomCode()
		}
		if !codeRE.MatchString(code) {
			errs.Add(userErr(CodeInvalidCode, "invalid_code_format", "code"))
		} else {
			// Codes are compared case- and space-insensitively (internal/access).
			others, err := tx.AccessCode.Query().Where(accesscode.HasGalleryWith(gallery.ID(g.ID))).
				Select(accesscode.FieldCode).Strings(ctx)
			if err != nil {
				return fmt.Errorf("photographer: access codes: %w", err)
			}
			for _, o := range others {
				if normalizeAccessCode(o) == code {
					errs.Add(userErr(CodeDuplicateCode, msgDuplicateAccessCode, "code"))
					break
				}
			}
		}
		c := tx.AccessCode.Create().SetGallery(g).SetKind(in.Kind).SetCode(code)
		accessCodeFields(in.Label, in.Email, c.Mutation(), &errs)
		if err := errs.Err(); err != nil {
			return err
		}
		*out, err = c.Save(ctx)
		return saveErr(uniqueErr(err, CodeDuplicateCode, msgDuplicateAccessCode, "code"), "", "")
	})
}

// UpdateAccessCode changes a code's label or e-mail.
func (s *Service) UpdateAccessCode(ctx context.Context, in UpdateAccessCodeInput) (*ent.AccessCode, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.AccessCode) error {
		cur, err := ownAccessCode(ctx, tx, in.AccessCodeID)
		if err != nil {
			return err
		}
		u := tx.AccessCode.UpdateOne(cur)
		var errs apperr.List
		accessCodeFields(in.Label, in.Email, u.Mutation(), &errs)
		if err := errs.Err(); err != nil {
			return err
		}
		*out, err = u.Save(ctx)
		return saveErr(err, "", "")
	})
}

// RevokeAccessCode stops a code from opening its gallery; revoking twice
// keeps the first date. Access already granted by the code ends when the
// access layer next checks it.
func (s *Service) RevokeAccessCode(ctx context.Context, in RevokeAccessCodeInput) (*ent.AccessCode, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.AccessCode) error {
		cur, err := ownAccessCode(ctx, tx, in.AccessCodeID)
		if err != nil {
			return err
		}
		if cur.RevokedAt != nil {
			*out = cur
			return nil
		}
		*out, err = tx.AccessCode.UpdateOne(cur).SetRevokedAt(s.now()).Save(ctx)
		return err
	})
}

// DeleteAccessCode deletes a code.
func (s *Service) DeleteAccessCode(ctx context.Context, in DeleteAccessCodeInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, err := ownAccessCode(ctx, tx, in.AccessCodeID)
		if err != nil {
			return err
		}
		return tx.AccessCode.DeleteOne(cur).Exec(ctx)
	})
}

// AccessCodes lists a gallery's codes, oldest first, to its photographer.
func (s *Service) AccessCodes(ctx context.Context, galleryID string) ([]*ent.AccessCode, error) {
	g, err := ownGallery(ctx, s.DB, galleryID)
	if err != nil {
		return nil, err
	}
	codes, err := s.DB.AccessCode.Query().Where(accesscode.HasGalleryWith(gallery.ID(g.ID))).
		Order(ent.Asc(accesscode.FieldCreatedAt), ent.Asc(accesscode.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: access codes: %w", err)
	}
	return codes, nil
}

func ownAccessCode(ctx context.Context, tx *ent.Client, id string) (*ent.AccessCode, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, err
	}
	a, err := tx.AccessCode.Query().Where(accesscode.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, notFound(err, "access code "+id, "accessCodeId")
	}
	if _, err := ownGallery(ctx, tx, a.Edges.Gallery.ID); err != nil {
		return nil, err
	}
	return a, nil
}

func accessCodeFields(label, email *string, m *ent.AccessCodeMutation, errs *apperr.List) {
	var l string
	if label != nil && text(label, 120, &l, errs, []string{"label"}) {
		m.SetLabel(l)
	}
	if email != nil {
		e := strings.TrimSpace(*email)
		if e != "" && !validEmail(e) {
			errs.Add(userErr(CodeInvalidEmail, "invalid_email", "email"))
		} else {
			m.SetEmail(e)
		}
	}
}

// normalizeAccessCode is how internal/access compares codes: upper case,
// without spaces. Codes are stored that way.
func normalizeAccessCode(code string) string {
	return strings.ToUpper(strings.Join(strings.Fields(code), ""))
}
