package graph

import (
	"github.com/studio/gallery/internal/printlab"
)

// printLab is the print lab's service; without a job runner one that
// reads sheets and refuses to prepare (its Jobs is nil).
func (r *Resolver) printLab() *printlab.Service {
	if r.Services.PrintLab != nil {
		return r.Services.PrintLab
	}
	return &printlab.Service{DB: r.DB.Client}
}
