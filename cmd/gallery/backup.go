package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/studio/gallery/internal/backup"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/server"
)

// backupCmd is `gallery backup --to DIR|FILE.tar.gz [--blobs auto|copy|list]`:
// a consistent snapshot while the server runs.
func backupCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	to := fs.String("to", "", "a new folder, or FILE.tar / FILE.tar.gz")
	blobs := fs.String("blobs", "auto", "copy the blobs (copy), list them only (list), or copy them for file:// storage only (auto)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("usage: gallery backup --to DIR|FILE.tar.gz [--blobs auto|copy|list]")
	}
	src, closeSrc, err := backupSource(ctx, cfg, *blobs, out)
	if err != nil {
		return err
	}
	defer closeSrc()
	m, err := backup.Take(ctx, src, *to)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "backup %s: %s database, %d blobs (%s), %d files, %s\n", *to, m.Database, len(m.Blobs),
		map[bool]string{true: "copied", false: "listed"}[m.BlobsCopied], len(m.Files), backup.HumanSize(m.Size()))
	return nil
}

// backupSource describes the installation cfg names, for a backup.
func backupSource(ctx context.Context, cfg config.Config, blobs string, progress io.Writer) (backup.Source, func(), error) {
	m, err := media.Open(ctx, cfg.BlobURL)
	if err != nil {
		return backup.Source{}, nil, err
	}
	src, err := backup.SourceOf(cfg, m.Bucket, blobs, server.Version)
	if err != nil {
		m.Close()
		return src, nil, err
	}
	src.Progress = progress
	return src, func() { m.Close() }, nil
}

// restoreCmd is `gallery restore --from DIR|FILE [--force]`, into the
// DATA_DIR, DATABASE_URL and BLOB_URL of the environment, which must be
// empty unless --force. The server must not run on it.
func restoreCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "a backup folder or archive")
	force := fs.Bool("force", false, "restore over a DATA_DIR or database that holds data")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" {
		return errors.New("usage: gallery restore --from DIR|FILE [--force]")
	}
	m, err := media.Open(ctx, cfg.BlobURL)
	if err != nil {
		return err
	}
	defer m.Close()
	man, warnings, err := backup.Restore(ctx, *from, backup.Target{
		DatabaseURL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "gallery.db"), DataDir: cfg.DataDir,
		SecretKeyFromEnv: cfg.SecretKey, Bucket: m.Bucket, Force: *force, Progress: out,
	})
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintln(out, "warning:", w)
	}
	fmt.Fprintf(out, "restored %s (%s database taken %s): start `gallery serve`, which upgrades the schema if needed\n",
		*from, man.Database, man.Created.Format("2006-01-02 15:04:05Z"))
	return nil
}

// backupsCmd is `gallery backups [--dir D]`: the automatic snapshots in
// BACKUP_DIR (or D), newest first, and which BACKUP_KEEP keeps.
func backupsCmd(cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backups", flag.ContinueOnError)
	dir := fs.String("dir", cfg.BackupDir, "the snapshots' folder (BACKUP_DIR)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("no snapshots folder: set BACKUP_DIR or pass --dir")
	}
	snaps, err := backup.List(*dir)
	if err != nil {
		return err
	}
	if len(snaps) == 0 {
		fmt.Fprintf(out, "no snapshot in %s yet\n", *dir)
		return nil
	}
	for _, s := range snaps {
		fmt.Fprintf(out, "%s  %s  %s\n", s.Taken.Format("2006-01-02 15:04:05Z"), backup.HumanSize(s.Size), s.Path)
	}
	return nil
}
