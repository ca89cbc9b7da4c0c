package server

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	tusd "github.com/tus/tusd/v2/pkg/handler"
	"github.com/tus/tusd/v2/pkg/memorylocker"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"github.com/studio/gallery/internal/backup"
)

// uploadsPrefix is where resumable uploads in progress live in the blob
// store (BLOB_URL): the store every replica shares, so that an upload
// begun through one replica is continued and finished through any other.
// Each upload is a folder: its info (the size and metadata, written once at
// creation) and one blob per PATCH, named by the offset it starts at
// (zero-padded, so that they list in order). The offset is the length of
// the unbroken run of parts from 0; nothing else is kept, so a replica
// killed in the middle of a PATCH leaves either a whole part (its bytes
// count) or none.
// Backups leave them out (backup.TransientPrefix).
const uploadsPrefix = backup.TransientPrefix

const (
	uploadInfoName = "info"
	partDigits     = 20
)

// blobUploads is a tusd data store over a gocloud.dev blob bucket: S3 or a
// folder every replica mounts (file://), whatever BLOB_URL says.
type blobUploads struct {
	bucket *blob.Bucket
}

func (s blobUploads) infoKey(id string) string { return uploadsPrefix + id + "/" + uploadInfoName }

func (s blobUploads) partKey(id string, offset int64) string {
	return fmt.Sprintf("%s%s/%0*d", uploadsPrefix, id, partDigits, offset)
}

// UseIn registers the store (core and termination) with tusd.
func (s blobUploads) UseIn(c *tusd.StoreComposer) {
	c.UseCore(s)
	c.UseTerminater(s)
}

// NewUpload writes the upload's info; the id is the server's
// (beforeCreate), never the client's.
func (s blobUploads) NewUpload(ctx context.Context, info tusd.FileInfo) (tusd.Upload, error) {
	if !uploadIDPattern.MatchString(info.ID) {
		return nil, fmt.Errorf("upload id %q is not the server's", info.ID)
	}
	info.Offset = 0
	info.Storage = map[string]string{"Type": "blob", "Key": uploadsPrefix + info.ID + "/"}
	raw, err := json.Marshal(info)
	if err != nil {
		return nil, err
	}
	if err := s.bucket.WriteAll(ctx, s.infoKey(info.ID), raw, &blob.WriterOptions{ContentType: "application/json"}); err != nil {
		return nil, err
	}
	return &blobUpload{store: s, id: info.ID}, nil
}

// GetUpload finds an upload by id (tusd.ErrNotFound when it is not there).
func (s blobUploads) GetUpload(ctx context.Context, id string) (tusd.Upload, error) {
	if !uploadIDPattern.MatchString(id) {
		return nil, tusd.ErrNotFound
	}
	u := &blobUpload{store: s, id: id}
	if _, err := u.GetInfo(ctx); err != nil {
		return nil, err
	}
	return u, nil
}

func (s blobUploads) AsTerminatableUpload(up tusd.Upload) tusd.TerminatableUpload {
	return up.(*blobUpload)
}

// blobUpload is one upload of a blobUploads store.
type blobUpload struct {
	store blobUploads
	id    string
}

// part is one PATCH's bytes.
type part struct {
	key          string
	offset, size int64
}

// parts lists the upload's unbroken run of parts from offset 0 and its
// end. A part that does not start where the run ends (left by a write
// that lost a race it should not have run, or by a sweep) is not counted.
func (u *blobUpload) parts(ctx context.Context) ([]part, int64, error) {
	it := u.store.bucket.List(&blob.ListOptions{Prefix: uploadsPrefix + u.id + "/"})
	var all []part
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, 0, err
		}
		name := strings.TrimPrefix(obj.Key, uploadsPrefix+u.id+"/")
		if len(name) != partDigits {
			continue
		}
		off, err := strconv.ParseInt(name, 10, 64)
		if err != nil {
			continue
		}
		all = append(all, part{key: obj.Key, offset: off, size: obj.Size})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].offset < all[j].offset })
	var run []part
	var end int64
	for _, p := range all {
		if p.offset != end || p.size == 0 {
			continue
		}
		run = append(run, p)
		end += p.size
	}
	return run, end, nil
}

func (u *blobUpload) GetInfo(ctx context.Context) (tusd.FileInfo, error) {
	raw, err := u.store.bucket.ReadAll(ctx, u.store.infoKey(u.id))
	if gcerrors.Code(err) == gcerrors.NotFound {
		return tusd.FileInfo{}, tusd.ErrNotFound
	}
	if err != nil {
		return tusd.FileInfo{}, err
	}
	var info tusd.FileInfo
	if err := json.Unmarshal(raw, &info); err != nil {
		return tusd.FileInfo{}, err
	}
	_, end, err := u.parts(ctx)
	if err != nil {
		return tusd.FileInfo{}, err
	}
	info.Offset = end
	return info, nil
}

// WriteChunk stores what the PATCH brings as one part starting at offset.
// tusd reads the body through a reader that ends (io.EOF) when the client
// goes away, so the bytes received before a cut are kept and counted.
func (u *blobUpload) WriteChunk(ctx context.Context, offset int64, src io.Reader) (int64, error) {
	// An empty PATCH writes nothing (the writer is abandoned by cancelling
	// its context before Close).
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := u.store.bucket.NewWriter(wctx, u.store.partKey(u.id, offset), &blob.WriterOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return 0, err
	}
	n, copyErr := io.Copy(w, src)
	if n == 0 {
		cancel()
		_ = w.Close()
		return 0, copyErr
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return n, copyErr
}

// GetReader reads the parts one after the other, each opened when the one
// before it ends.
func (u *blobUpload) GetReader(ctx context.Context) (io.ReadCloser, error) {
	parts, _, err := u.parts(ctx)
	if err != nil {
		return nil, err
	}
	return &partsReader{ctx: ctx, bucket: u.store.bucket, parts: parts}, nil
}

func (u *blobUpload) FinishUpload(context.Context) error { return nil }

// Terminate deletes the upload's info and parts (a missing blob is not
// an error: another replica's sweep may have been first).
func (u *blobUpload) Terminate(ctx context.Context) error {
	return deleteUploadBlobs(ctx, u.store.bucket, uploadsPrefix+u.id+"/")
}

// deleteUploadBlobs removes every blob under prefix, info last, so that an
// upload half deleted by a replica that died is still found by the sweep.
func deleteUploadBlobs(ctx context.Context, b *blob.Bucket, prefix string) error {
	it := b.List(&blob.ListOptions{Prefix: prefix})
	var keys []string
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		keys = append(keys, obj.Key)
	}
	sort.Slice(keys, func(i, j int) bool {
		return !strings.HasSuffix(keys[i], "/"+uploadInfoName) && strings.HasSuffix(keys[j], "/"+uploadInfoName)
	})
	for _, k := range keys {
		if err := b.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return err
		}
	}
	return nil
}

// partsReader concatenates parts, opening each in turn.
type partsReader struct {
	ctx    context.Context
	bucket *blob.Bucket
	parts  []part
	cur    *blob.Reader
}

func (r *partsReader) Read(p []byte) (int, error) {
	for {
		if r.cur == nil {
			if len(r.parts) == 0 {
				return 0, io.EOF
			}
			c, err := r.bucket.NewReader(r.ctx, r.parts[0].key, nil)
			if err != nil {
				return 0, err
			}
			r.cur, r.parts = c, r.parts[1:]
		}
		n, err := r.cur.Read(p)
		if errors.Is(err, io.EOF) {
			_ = r.cur.Close()
			r.cur = nil
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

func (r *partsReader) Close() error {
	if r.cur != nil {
		return r.cur.Close()
	}
	return nil
}

// sharedLocker keeps an upload to one request at a time across replicas:
// tusd's memory locker within the process (a new request asks the one
// holding the upload to let go, as on one machine), then, on PostgreSQL, a
// session advisory lock taken on one connection the replica holds while
// it holds any upload lock (released with it, or by PostgreSQL when the
// replica dies). On SQLite there is a single process: the memory locker
// is the whole lock.
type sharedLocker struct {
	local tusd.Locker
	db    *sql.DB // nil on SQLite

	mu    sync.Mutex
	conn  *sql.Conn
	held  int
	retry time.Duration
}

func newSharedLocker(db *sql.DB) *sharedLocker {
	return &sharedLocker{local: memorylocker.New(), db: db, retry: 50 * time.Millisecond}
}

// UseIn registers the locker with tusd.
func (l *sharedLocker) UseIn(c *tusd.StoreComposer) { c.UseLocker(l) }

func (l *sharedLocker) NewLock(id string) (tusd.Lock, error) {
	local, err := l.local.NewLock(id)
	if err != nil {
		return nil, err
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte("gallery tus upload " + id))
	return &sharedLock{l: l, local: local, key: int64(h.Sum64())}, nil
}

type sharedLock struct {
	l     *sharedLocker
	local tusd.Lock
	key   int64
}

// Lock takes the process's lock, then polls for the database's until ctx
// ends (tusd bounds it by its AcquireLockTimeout): the replica holding it
// is in a PATCH that ends when its client's bytes stop coming.
func (k *sharedLock) Lock(ctx context.Context, requestRelease func()) error {
	if err := k.local.Lock(ctx, requestRelease); err != nil {
		return err
	}
	if k.l.db == nil {
		return nil
	}
	for {
		ok, err := k.l.try(ctx, k.key)
		if err == nil && ok {
			return nil
		}
		if err != nil && ctx.Err() == nil {
			err = fmt.Errorf("upload lock: %w", err)
		}
		select {
		case <-ctx.Done():
			_ = k.local.Unlock()
			if err != nil {
				return err
			}
			return tusd.ErrLockTimeout
		case <-time.After(k.l.retry):
		}
	}
}

func (k *sharedLock) Unlock() error {
	if k.l.db != nil {
		k.l.release(k.key)
	}
	return k.local.Unlock()
}

// try takes the advisory lock on the held connection (taken from the pool
// for the first lock).
func (l *sharedLocker) try(ctx context.Context, key int64) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		c, err := l.db.Conn(ctx)
		if err != nil {
			return false, err
		}
		l.conn = c
	}
	var ok bool
	if err := l.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&ok); err != nil {
		if l.held == 0 {
			_ = l.conn.Close()
			l.conn = nil
		}
		return false, err
	}
	if ok {
		l.held++
	} else if l.held == 0 {
		_ = l.conn.Close()
		l.conn = nil
	}
	return ok, nil
}

// release gives the advisory lock back, and the connection to the pool
// when no upload lock is left.
func (l *sharedLocker) release(key int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key); err != nil {
		// The session is unusable: dropping the connection ends it, and
		// with it every advisory lock it held.
		_ = l.conn.Raw(func(any) error { return driver.ErrBadConn })
		_ = l.conn.Close()
		l.conn, l.held = nil, 0
		return
	}
	l.held--
	if l.held <= 0 {
		_ = l.conn.Close()
		l.conn, l.held = nil, 0
	}
}
