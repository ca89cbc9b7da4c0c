package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestInTxCommitsRowsAndJobsTogether proves the same-transaction rule on
// the database under test: a row and a job written in InTx both exist
// after a commit and neither exists after a rollback, whatever its cause.
func TestInTxCommitsRowsAndJobsTogether(t *testing.T) {
	db := testdb.Open(t)
	r := newRunner(t, db, jobs.Config{})
	ctx := viewer.SystemContext(context.Background())
	boom := errors.New("boom")
	db.Client.Photographer.Create().SetName("Déjà là").SetEmail("taken@example.com").ExecX(ctx)

	for _, tc := range []struct {
		name     string
		email    string
		after    func() error // runs after the row and the job were written
		jobFirst bool
		wantErr  error
		panics   bool
		kept     bool
	}{
		{name: "commit", email: "commit@example.com", kept: true},
		{name: "fn fails", email: "fails@example.com", after: func() error { return boom }, wantErr: boom},
		{name: "fn panics", email: "panics@example.com", after: func() error { panic(boom) }, panics: true},
		{name: "row refused after the job", email: "taken@example.com", jobFirst: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var jobID int64
			run := func() error {
				return r.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
					enqueue := func() error {
						id, err := enq.Enqueue(ctx, jobs.VideoThumbnailArgs{VideoID: "vid_" + tc.name}, nil)
						jobID = id
						return err
					}
					if tc.jobFirst {
						if err := enqueue(); err != nil {
							return err
						}
					}
					if err := tx.Photographer.Create().SetName(tc.name).SetEmail(tc.email).Exec(ctx); err != nil {
						return err
					}
					if !tc.jobFirst {
						if err := enqueue(); err != nil {
							return err
						}
					}
					if tc.after != nil {
						return tc.after()
					}
					return nil
				})
			}
			var err error
			func() {
				defer func() {
					if p := recover(); p != nil != tc.panics {
						t.Fatalf("panic = %v, want panic: %v", p, tc.panics)
					}
				}()
				err = run()
			}()
			switch {
			case tc.kept && err != nil:
				t.Fatalf("InTx: %v", err)
			case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
				t.Fatalf("InTx error = %v, want %v", err, tc.wantErr)
			case !tc.kept && !tc.panics && err == nil:
				t.Fatal("InTx succeeded, want an error")
			}
			if jobID == 0 {
				t.Fatal("the job was not inserted inside the transaction")
			}
			rows := db.Client.Photographer.Query().Where(photographer.Name(tc.name)).CountX(ctx)
			_, jerr := r.Job(ctx, jobID)
			if tc.kept {
				if rows != 1 || jerr != nil {
					t.Fatalf("after commit: %d rows, job error %v; want the row and the job", rows, jerr)
				}
				return
			}
			if rows != 0 || !errors.Is(jerr, river.ErrNotFound) {
				t.Fatalf("after rollback: %d rows, job error %v; want neither", rows, jerr)
			}
		})
	}

	// Rolled-back and committed transactions hand their connection back
	// clean: more of them than the pool holds still work, and so does the
	// store's own client afterwards.
	t.Run("connections come back clean", func(t *testing.T) {
		for i := range 30 {
			err := r.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
				if err := tx.Photographer.Create().SetName("loop").SetEmail(fmt.Sprintf("loop%d@example.com", i)).Exec(ctx); err != nil {
					return err
				}
				if i%2 == 0 {
					return boom
				}
				return jobs.EnqueueVideoThumbnail(ctx, enq, "vid_loop")
			})
			if (i%2 == 0) != errors.Is(err, boom) {
				t.Fatalf("round %d: %v", i, err)
			}
		}
		if n := db.Client.Photographer.Query().Where(photographer.Name("loop")).CountX(ctx); n != 15 {
			t.Fatalf("%d committed rows, want 15", n)
		}
	})
}

// TestInTxClientKeepsStoreRules checks that the transaction's client hides
// private photos and refuses broken catalogue references like the store's.
func TestInTxClientKeepsStoreRules(t *testing.T) {
	db := testdb.Open(t)
	f := setup(t, db.Client)
	r := newRunner(t, db, jobs.Config{})
	sys := viewer.SystemContext(context.Background())
	db.Client.Photo.Create().SetGallery(f.g).SetFilename("a.jpg").SetWidth(10).SetHeight(10).ExecX(sys)
	db.Client.Photo.Create().SetGallery(f.g).SetFilename("private.jpg").SetWidth(10).SetHeight(10).SetIsPrivate(true).ExecX(sys)

	for _, tc := range []struct {
		name  string
		check func(ctx context.Context, tx *ent.Client) error
	}{
		{"visitors do not see private photos", func(ctx context.Context, tx *ent.Client) error {
			n, err := tx.Photo.Query().Where(photo.GalleryID(f.g.ID)).Count(viewer.NewContext(ctx, &viewer.Viewer{}))
			if err != nil || n != 1 {
				return fmt.Errorf("visitor sees %d photos (%v), want 1", n, err)
			}
			n, err = tx.Photo.Query().Where(photo.GalleryID(f.g.ID)).Count(viewer.NewContext(ctx, &viewer.Viewer{PhotographerID: f.pg.ID}))
			if err != nil || n != 2 {
				return fmt.Errorf("photographer sees %d photos (%v), want 2", n, err)
			}
			return nil
		}},
		{"broken references are refused", func(ctx context.Context, tx *ent.Client) error {
			err := tx.Format.Create().SetGallery(f.g).SetFamilyID("fam_missing").SetUnitPrice(100).Exec(viewer.SystemContext(ctx))
			if !errors.Is(err, store.ErrCrossReference) {
				return fmt.Errorf("format with a missing family: %v, want ErrCrossReference", err)
			}
			return nil
		}},
		{"no nested transaction", func(ctx context.Context, tx *ent.Client) error {
			if _, err := tx.Tx(ctx); !errors.Is(err, ent.ErrTxStarted) {
				return fmt.Errorf("nested Tx: %v, want ent.ErrTxStarted", err)
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := r.InTx(context.Background(), func(ctx context.Context, tx *ent.Client, _ jobs.Enqueuer) error {
				return tc.check(ctx, tx)
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestServersStartingTogetherMigrateOnce starts several runners at once
// on a database without River's tables, then once more on the migrated one.
func TestServersStartingTogetherMigrateOnce(t *testing.T) {
	db := testdb.Open(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			r, err := jobs.New(context.Background(), db, jobs.Config{Logger: testLogger(), TestOnly: true})
			if err == nil {
				err = r.Stop(context.Background())
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent start: %v", err)
		}
	}
	r := newRunner(t, db, jobs.Config{})
	if _, err := r.Enqueue(context.Background(), jobs.VideoThumbnailArgs{VideoID: "vid_x"}, nil); err != nil {
		t.Fatal(err)
	}
}
