package emails_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/lang"
)

// TestScreenshots renders every e-mail's HTML part, in every language, in
// headless Chromium, into test-output/emails/ at the repository's root
// (gitignored; TEST_OUTPUT_DIR moves it), with an index.html beside the
// PNG files. It checks each part as TestRender does, and skips only where
// there is no Chromium ($CHROMIUM_PATH, else Debian's /usr/bin/chromium),
// and on `make test`'s PostgreSQL run: the e-mails touch no database, and
// the SQLite run of the same tests has made them already.
func TestScreenshots(t *testing.T) {
	if os.Getenv("TEST_DATABASE") == "postgres" {
		t.Skip("e-mail screenshots are made on the SQLite run")
	}
	bin := os.Getenv("CHROMIUM_PATH")
	if bin == "" {
		bin = "/usr/bin/chromium"
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("no Chromium at %s: e-mail screenshots not made", bin)
	}
	dir := os.Getenv("TEST_OUTPUT_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "test-output")
	}
	dir, err := filepath.Abs(filepath.Join(dir, "emails"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The cover is a local picture: the screenshot needs no network.
	cover := filepath.Join(dir, "cover.jpg")
	if err := os.WriteFile(cover, coverJPEG(t), 0o644); err != nil {
		t.Fatal(err)
	}
	brand := sampleBrand()

	type shot struct{ name, html, png string }
	var shots []shot
	var index strings.Builder
	index.WriteString("<!DOCTYPE html><meta charset=utf-8><title>E-mails</title><body style=\"font-family:sans-serif\">\n")
	for _, n := range emails.Names {
		fmt.Fprintf(&index, "<h2>%s</h2>\n", n)
		for _, l := range lang.Supported {
			e, err := emails.Render(n, l, brand, samples()[n])
			if err != nil {
				t.Fatal(err)
			}
			CheckEmail(t, e)
			// Only the picture's address changes for the file on disk.
			page := strings.ReplaceAll(e.HTML, html.EscapeString(brand.Cover), "file://"+cover)
			base := fmt.Sprintf("%s.%s", n, l)
			s := shot{name: base, html: filepath.Join(dir, base+".html"), png: filepath.Join(dir, base+".png")}
			if err := os.WriteFile(s.html, []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, base+".txt"), []byte("Subject: "+e.Subject+"\n\n"+e.Text), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(s.png)
			shots = append(shots, s)
			fmt.Fprintf(&index, "<figure style=\"display:inline-block;vertical-align:top\"><figcaption>%s — %s</figcaption><a href=\"%s.html\"><img src=\"%s.png\" width=\"350\"></a></figure>\n",
				l, html.EscapeString(e.Subject), base, base)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	// Three browsers at a time: each takes about a second to start.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	for _, s := range shots {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu",
				"--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update",
				"--disable-sync", "--hide-scrollbars", "--allow-file-access-from-files",
				"--user-data-dir="+filepath.Join(t.TempDir(), "profile"),
				"--window-size=680,1800", "--screenshot="+s.png, "file://"+s.html)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: chromium: %v\n%s", s.name, err, out)
				return
			}
			if st, err := os.Stat(s.png); err != nil || st.Size() < 5000 {
				t.Errorf("%s: no screenshot (%v)", s.name, err)
			}
		}()
	}
	wg.Wait()
	t.Logf("e-mail screenshots: %s (open index.html)", dir)
}

// coverJPEG is a gradient standing for a gallery's cover.
func coverJPEG(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1280, 640))
	for y := 0; y < 640; y++ {
		for x := 0; x < 1280; x++ {
			img.Set(x, y, color.RGBA{R: uint8(47 + x*150/1280), G: uint8(62 + y*100/640), B: uint8(70 + (x+y)*60/1920), A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
