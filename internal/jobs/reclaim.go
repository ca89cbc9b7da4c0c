package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"entgo.io/ent/dialect"
)

// WorkerID names this server's job worker so that the jobs it leaves
// running when it dies (SIGKILL, a crash, a power cut) can be taken back
// by the same server when it restarts, at once, instead of waiting for
// River's rescuer (RescueAfter and the job's own timeout, minutes).
//
// The id is the host name and DATA_DIR, which is per replica. It is only
// handed out under an exclusive lock on DATA_DIR/jobs.lock (released by the
// kernel when the process dies): a second process on the same host and
// folder gets "" (River's random id) and reclaims nothing, so two live
// processes never share an id. Call release when the runner has stopped.
func WorkerID(dataDir string) (id string, release func()) {
	release = func() {}
	if dataDir == "" {
		return "", release
	}
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return "", release
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return "", release
	}
	f, err := os.OpenFile(filepath.Join(abs, "jobs.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return "", release
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return "", release
	}
	host, _ := os.Hostname()
	host = strings.Map(func(r rune) rune {
		if r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, host)
	if len(host) > 60 {
		host = host[:60]
	}
	sum := sha256.Sum256([]byte(abs))
	return "gallery_" + host + "_" + hex.EncodeToString(sum[:6]), func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}

// reclaim hands the jobs this worker id left running in an earlier life
// back to the queue, to be worked again at once. Only a process holding
// the id's lock calls it (WorkerID), so none of those jobs is running now.
func (r *Runner) reclaim(ctx context.Context) error {
	var q string
	switch r.db.Dialect {
	case dialect.Postgres:
		q = `UPDATE river_job SET state = 'available', scheduled_at = now()
			WHERE state = 'running' AND attempted_by[array_length(attempted_by, 1)] = $1`
	default:
		q = `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec')
			WHERE state = 'running' AND json_extract(attempted_by, '$[#-1]') = ?`
	}
	var (
		n   int64
		err error
	)
	if r.pool != nil {
		tag, e := r.pool.Exec(ctx, q, r.cfg.ID)
		n, err = tag.RowsAffected(), e
	} else {
		res, e := r.db.SQL.ExecContext(ctx, q, r.cfg.ID)
		if err = e; err == nil {
			n, _ = res.RowsAffected()
		}
	}
	if err != nil {
		return fmt.Errorf("jobs: reclaim the jobs left running: %w", err)
	}
	if n > 0 {
		r.log.Warn("jobs: took back the jobs this server left running when it stopped", "jobs", n, "worker", r.cfg.ID)
	}
	return nil
}
