package printlab

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/printsheet"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// KindFile is the River job kind of one step of a sheet.
const KindFile = "print_sheet_file"

// FileTimeout bounds one step: a print file from a camera original, or the
// packing of the ZIP. It stays under jobs.RescueAfter.
const FileTimeout = 150 * time.Second

// FileArgs names a step: Index is the print file to make; the step past
// the last file packs the ZIP.
type FileArgs struct {
	SheetID string `json:"sheet_id"`
	Index   int    `json:"index"`
}

// Kind is the River job kind.
func (FileArgs) Kind() string { return KindFile }

// InsertOpts puts the steps on the media queue (they are CPU bound).
func (FileArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMedia, MaxAttempts: 5}
}

// Register adds the print lab's worker to River's.
// Schedule the sweep with SweepJob.
func (s *Service) Register(ws *river.Workers) {
	river.AddWorker(ws, &fileWorker{s: s})
	river.AddWorker(ws, &sweepWorker{s: s})
}

// FileKey is where a sheet's file i waits to be packed; ZipKey the ZIP.
func FileKey(sheetID string, i int) string { return fmt.Sprintf("%s%04d.jpg", filesPrefix(sheetID), i) }

// filesPrefix holds a sheet's single files.
func filesPrefix(sheetID string) string { return fmt.Sprintf("printsheets/%s/", sheetID) }

// ZipKey is where a sheet's finished ZIP is.
func ZipKey(sheetID string) string { return fmt.Sprintf("printsheets/%s.zip", sheetID) }

type fileWorker struct {
	river.WorkerDefaults[FileArgs]
	s *Service
}

func (w *fileWorker) Timeout(*river.Job[FileArgs]) time.Duration { return FileTimeout }

func (w *fileWorker) Work(ctx context.Context, job *river.Job[FileArgs]) error {
	ctx = viewer.SystemContext(ctx)
	s := w.s
	sh, err := s.DB.PrintSheet.Get(ctx, job.Args.SheetID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if sh.Status != printsheet.StatusPreparing || job.Args.Index != sh.FilesDone {
		return nil // done by an earlier attempt that committed
	}
	return s.stepped(ctx, sh, job.Args.Index, job.Attempt >= job.MaxAttempts, s.step(ctx, sh, job.Args.Index))
}

// stepped tells the order's page what step i of sh did (err nil: a file
// made, or the ZIP ready) and, when the last attempt failed, marks the
// sheet failed, even when the step ran out of time: ctx is over then, the
// mark is written without it. It returns err, for the job runner.
func (s *Service) stepped(ctx context.Context, sh *ent.PrintSheet, i int, last bool, err error) error {
	if err == nil {
		s.publish(ctx, sh.OrderID)
		return nil
	}
	if !last {
		return err
	}
	if ctx.Err() != nil {
		err = fmt.Errorf("step %d not done in time: %w", i, err)
	}
	mctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	s.fail(mctx, sh, err)
	s.publish(mctx, sh.OrderID)
	return err
}

// step makes file i, or packs the ZIP when every file is made.
func (s *Service) step(ctx context.Context, sh *ent.PrintSheet, i int) error {
	o, err := s.DB.Order.Get(ctx, sh.OrderID)
	if err != nil {
		return err
	}
	items, err := Items(ctx, s.DB, o)
	if err != nil {
		return err
	}
	if i >= len(items) {
		return s.pack(ctx, sh, o, items)
	}
	it := items[i]
	w, h, border := it.Paper()
	data, err := s.Media.RenderPrint(ctx, it.Photo.ID, it.Photo.ContentHash, media.PrintSpec{
		Crop: it.CropRect(it.Photo.Width, it.Photo.Height), Width: w, Height: h, Border: border, DPI: DPI})
	if err != nil {
		return fmt.Errorf("printlab: %s file %d: %w", sh.ID, i, err)
	}
	if err := s.Media.Bucket.WriteAll(ctx, FileKey(sh.ID, i), data, &blob.WriterOptions{ContentType: "image/jpeg"}); err != nil {
		return fmt.Errorf("printlab: write file %d: %w", i, err)
	}
	return s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		n, err := tx.PrintSheet.Update().Where(printsheet.ID(sh.ID), printsheet.StatusEQ(printsheet.StatusPreparing),
			printsheet.FilesDone(i)).SetFilesDone(i + 1).SetFilesTotal(len(items)).Save(ctx)
		if err != nil || n == 0 {
			return err
		}
		_, err = enq.Enqueue(ctx, FileArgs{SheetID: sh.ID, Index: i + 1}, nil)
		return err
	})
}

// pack writes the ZIP of the made files and the packing list, then marks
// the sheet ready and removes the single files.
func (s *Service) pack(ctx context.Context, sh *ent.PrintSheet, o *ent.Order, items []Item) error {
	files := make([]downloads.File, 0, len(items)+1)
	now := s.now()
	for i, it := range items {
		key := FileKey(sh.ID, i)
		a, err := s.Media.Bucket.Attributes(ctx, key)
		if err != nil {
			return fmt.Errorf("printlab: %s: %w", key, err)
		}
		files = append(files, downloads.File{Name: it.FileName(o.Number), Size: a.Size, Modified: now,
			Open: func(ctx context.Context) (io.ReadCloser, error) { return s.Media.Bucket.NewReader(ctx, key, nil) }})
	}
	list, err := PackingList(o, items)
	if err != nil {
		return err
	}
	files = append(files, downloads.File{Name: "packing-list.csv", Size: int64(len(list)), Modified: now,
		Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(list)), nil }})

	key := ZipKey(sh.ID)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	bw, err := s.Media.Bucket.NewWriter(wctx, key, &blob.WriterOptions{ContentType: "application/zip"})
	if err != nil {
		return err
	}
	if err := downloads.WritePart(ctx, bw, files, nil); err != nil {
		cancel() // discards what the writer holds
		_ = bw.Close()
		return err
	}
	if err := bw.Close(); err != nil {
		return fmt.Errorf("printlab: commit %s: %w", key, err)
	}
	a, err := s.Media.Bucket.Attributes(ctx, key)
	if err != nil {
		return err
	}
	n, err := s.DB.PrintSheet.Update().Where(printsheet.ID(sh.ID), printsheet.StatusEQ(printsheet.StatusPreparing)).
		SetStatus(printsheet.StatusReady).SetBlobKey(key).SetSizeBytes(a.Size).SetFilesDone(len(items)).
		SetFilesTotal(len(items)).SetReadyAt(now).Save(ctx)
	if err != nil || n == 0 {
		return err
	}
	for i := range items {
		if err := s.Media.Bucket.Delete(ctx, FileKey(sh.ID, i)); err != nil {
			s.log().WarnContext(ctx, "printlab: remove packed file", "sheet", sh.ID, "file", i, "err", err)
		}
	}
	// The order's older sheets are of no use now: their ZIPs go at once
	// (what fails here is left to the sweep).
	if err := s.expireOlder(ctx, sh); err != nil {
		s.log().WarnContext(ctx, "printlab: expire older sheets", "sheet", sh.ID, "err", err)
	}
	return nil
}

// fail marks a sheet that ran out of attempts.
func (s *Service) fail(ctx context.Context, sh *ent.PrintSheet, cause error) {
	msg := cause.Error()
	if len(msg) > 500 {
		msg = strings.ToValidUTF8(msg[:500], "")
	}
	if err := s.DB.PrintSheet.Update().Where(printsheet.ID(sh.ID), printsheet.StatusEQ(printsheet.StatusPreparing)).
		SetStatus(printsheet.StatusFailed).SetError(msg).Exec(ctx); err != nil {
		s.log().ErrorContext(ctx, "printlab: mark failed", "sheet", sh.ID, "err", err)
	}
	s.log().WarnContext(ctx, "printlab: sheet failed", "sheet", sh.ID, "err", cause)
}

// finishes and borders name the print options in the packing list.
var (
	finishes = map[string]string{"glossy": "brillant", "mat": "mat"}
	borders  = map[string]string{"white": "blanc", "none": "aucun"}
)

// PackingList is the lab's list of the sheet's files: one row a file, with
// what to print, how many, and where it goes; semicolon separated, UTF-8
// with a BOM (spreadsheets in French open it as it is).
func PackingList(o *ent.Order, items []Item) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("\uFEFF")
	w := csv.NewWriter(&b)
	w.Comma = ';'
	w.UseCRLF = true
	rows := [][]string{{"Fichier", "Commande", "Ligne", "Format", "Dimensions (cm)", "Pixels", "Quantité", "Finition",
		"Bord", "Photo", "Recadrage (x, y, largeur, hauteur)", "Laboratoire", "Livraison", "Destinataire"}}
	dest := recipient(o)
	total := 0
	for _, it := range items {
		w, h, _ := it.Paper()
		line := strconv.Itoa(it.Line)
		if it.Sub > 0 {
			line += "-" + strconv.Itoa(it.Sub)
		}
		crop := "photo entière"
		if c := it.Crop; c != nil {
			crop = fmt.Sprintf("%d, %d, %d, %d", c.X, c.Y, c.Width, c.Height)
		}
		border := borders[it.Border]
		if border == "" {
			border = borders["none"]
		}
		rows = append(rows, []string{it.FileName(o.Number), o.Number, line, it.FormatName(),
			strings.ReplaceAll(fmt.Sprintf("%g x %g", it.Format.ShortSize, it.Format.LongSize), ".", ","),
			fmt.Sprintf("%d x %d", w, h), strconv.Itoa(it.Quantity), finishes[it.Finish], border,
			it.Photo.Filename, crop, it.Format.Lab, delivery(o), dest})
		total += it.Quantity
	}
	rows = append(rows, []string{"Total", o.Number, "", "", "", "", strconv.Itoa(total), "", "", "", "", "", "", ""})
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func delivery(o *ent.Order) string {
	switch o.DeliveryOption {
	case "pickup":
		return "retrait au studio"
	case "shipping":
		return "envoi"
	}
	return o.DeliveryOption
}

// recipient is where the prints go: the shipping address in one line, or
// the buyer's name for a pickup.
func recipient(o *ent.Order) string {
	a := o.BillingAddress
	if o.ShippingAddress != nil {
		a = *o.ShippingAddress
	}
	parts := []string{strings.TrimSpace(a.Firstname + " " + a.Lastname)}
	if o.DeliveryOption == "shipping" {
		parts = append(parts, a.Address)
		if a.Address2 != "" {
			parts = append(parts, a.Address2)
		}
		parts = append(parts, strings.TrimSpace(a.PostalCode+" "+a.City), a.Country)
	}
	return strings.Join(parts, ", ")
}
