package backup

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Automatic snapshots (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): a periodic
// job, enqueued by the job runner's leader only (one per cluster), writes
// a backup archive named by its time and prunes the older ones.

// snapshotLayout names a snapshot by its UTC time.
const snapshotLayout = "20060102T150405Z"

// Snapshot is an automatic backup archive.
type Snapshot struct {
	Path  string
	Taken time.Time
	Size  int64
}

// SnapshotName is the file name of a snapshot taken at t.
func SnapshotName(t time.Time) string {
	return "gallery-" + t.UTC().Format(snapshotLayout) + ".tar.gz"
}

// List returns the snapshots in dir, newest first. Files being written
// (hidden, dot-prefixed) and other files are skipped.
func List(dir string) ([]Snapshot, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	var out []Snapshot
	for _, e := range entries {
		name := e.Name()
		stamp, ok := strings.CutPrefix(name, "gallery-")
		if !ok || e.IsDir() {
			continue
		}
		stamp, ok = strings.CutSuffix(stamp, ".tar.gz")
		if !ok {
			continue
		}
		t, err := time.Parse(snapshotLayout, stamp)
		if err != nil {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Snapshot{Path: filepath.Join(dir, name), Taken: t, Size: info.Size()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Taken.After(out[j].Taken) })
	return out, nil
}

// Keep says which snapshots (newest first) to keep: the newest of each of
// the `daily` latest days that have one, and the newest of each of the
// `weekly` latest ISO weeks that have one. The newest snapshot is always
// kept.
func Keep(snaps []Snapshot, daily, weekly int) (keep, drop []Snapshot) {
	kept := map[string]bool{}
	days, weeks := map[string]bool{}, map[string]bool{}
	for i, s := range snaps {
		day := s.Taken.UTC().Format("2006-01-02")
		y, w := s.Taken.UTC().ISOWeek()
		week := fmt.Sprintf("%d-%02d", y, w)
		if i == 0 {
			kept[s.Path] = true
		}
		if !days[day] && len(days) < daily {
			days[day] = true
			kept[s.Path] = true
		}
		if !weeks[week] && len(weeks) < weekly {
			weeks[week] = true
			kept[s.Path] = true
		}
	}
	for _, s := range snaps {
		if kept[s.Path] {
			keep = append(keep, s)
		} else {
			drop = append(drop, s)
		}
	}
	return keep, drop
}

// SnapshotArgs is the periodic snapshot job.
type SnapshotArgs struct{}

// Kind is the job's kind.
func (SnapshotArgs) Kind() string { return "backup_snapshot" }

// InsertOpts: one snapshot waits at a time.
func (SnapshotArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Worker takes the snapshots.
type Worker struct {
	river.WorkerDefaults[SnapshotArgs]
	// Source is the installation (its Progress is ignored).
	Source func(ctx context.Context) (Source, func(), error)
	Dir    string
	// Daily and Weekly are BACKUP_KEEP's counts.
	Daily, Weekly int
	Log           *slog.Logger
	Now           func() time.Time
}

// Timeout: a snapshot of a large installation takes a while.
func (w *Worker) Timeout(*river.Job[SnapshotArgs]) time.Duration { return 6 * time.Hour }

// Work writes a snapshot (under a hidden name, renamed when complete) and
// prunes the older ones.
func (w *Worker) Work(ctx context.Context, job *river.Job[SnapshotArgs]) error {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	if err := os.MkdirAll(w.Dir, 0o700); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	src, closeSrc, err := w.Source(ctx)
	if err != nil {
		return err
	}
	defer closeSrc()
	src.Progress = nil
	name := SnapshotName(now())
	tmp := filepath.Join(w.Dir, "."+name)
	_ = os.Remove(tmp) // a previous attempt's leftovers
	m, err := Take(ctx, src, tmp)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(w.Dir, name)); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	snaps, err := List(w.Dir)
	if err != nil {
		return err
	}
	_, drop := Keep(snaps, w.Daily, w.Weekly)
	for _, s := range drop {
		if err := os.Remove(s.Path); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("backup: prune: %w", err)
		}
	}
	if w.Log != nil {
		w.Log.Info("backup: snapshot", "file", name, "size", HumanSize(m.Size()), "blobs", len(m.Blobs), "pruned", len(drop))
	}
	return nil
}
