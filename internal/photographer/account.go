package photographer

import (
	"context"
	"fmt"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/viewer"
)

// CreatePhotographer makes a photographer account (the operator's
// `gallery photographer create`): the e-mail they sign in to the studio
// with, and the name their galleries and e-mails are signed with.
func (s *Service) CreatePhotographer(ctx context.Context, email, name string) (*ent.Photographer, error) {
	ctx = viewer.SystemContext(ctx)
	var errs apperr.List
	email, err := access.NormalizeEmail(email)
	if err != nil {
		errs = append(errs, userErr(CodeInvalidEmail, "invalid_email", "email"))
	}
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		errs = append(errs, userErr(CodeRequired, "required", "name"))
	case len([]rune(name)) > 200:
		errs = append(errs, userErr(CodeTooLong, "name_too_long", "name"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	taken, err := s.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: create: %w", err)
	}
	if taken {
		return nil, apperr.List{userErr(CodeDuplicate, "photographer_email_taken", "email")}
	}
	pg, err := s.DB.Photographer.Create().SetEmail(email).SetName(name).Save(ctx)
	if err != nil {
		return nil, uniqueErr(fmt.Errorf("photographer: create: %w", err), CodeDuplicate, "photographer_email_taken", "email")
	}
	return pg, nil
}
