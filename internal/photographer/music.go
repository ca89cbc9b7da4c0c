package photographer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/musictrack"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
)

// DefaultMaxMusicBytes bounds an uploaded audio file when
// Service.MaxMusicBytes is zero (docs/limits.md).
const DefaultMaxMusicBytes = 30 << 20

// maxTrackText bounds a track's title and artist (the schema's MaxLen).
const maxTrackText = 200

// StudioMusicTrack is a track of the photographer's music library with
// what the studio shows of it.
type StudioMusicTrack struct {
	Track       *ent.MusicTrack
	ContentType string
	SizeBytes   int
	// UsedBy are the photographer's galleries having the track as music.
	UsedBy []*ent.Gallery
}

// MusicUpload is an audio file sent to the library.
type MusicUpload struct {
	Filename string
	Size     int64
	Body     io.Reader
	Title    *string
	Artist   *string
}

func (s *Service) maxMusicBytes() int64 {
	if s.MaxMusicBytes > 0 {
		return s.MaxMusicBytes
	}
	return DefaultMaxMusicBytes
}

// MusicLibrary lists the viewer's tracks by title, each with the
// galleries that play it (two statements whatever their number).
func (s *Service) MusicLibrary(ctx context.Context) ([]*StudioMusicTrack, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	tracks, err := s.MusicTracks(ctx)
	if err != nil {
		return nil, err
	}
	used, err := s.DB.Gallery.Query().Where(gallery.PhotographerID(pid), gallery.MusicTrackIDNotNil()).
		Order(ent.Asc(gallery.FieldEventName), ent.Asc(gallery.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: music library: galleries: %w", err)
	}
	out := make([]*StudioMusicTrack, len(tracks))
	byID := map[string]*StudioMusicTrack{}
	for i, t := range tracks {
		out[i] = studioTrack(t, nil)
		byID[t.ID] = out[i]
	}
	for _, g := range used {
		if st := byID[*g.MusicTrackID]; st != nil {
			st.UsedBy = append(st.UsedBy, g)
		}
	}
	return out, nil
}

func studioTrack(t *ent.MusicTrack, used []*ent.Gallery) *StudioMusicTrack {
	if used == nil {
		used = []*ent.Gallery{}
	}
	return &StudioMusicTrack{Track: t, ContentType: t.ContentType, SizeBytes: int(t.SizeBytes), UsedBy: used}
}

// trackTexts checks a title (required when title is not nil) and an artist.
func trackTexts(title, artist *string, errs *apperr.List) (string, string) {
	var t, a string
	if title != nil {
		t = strings.TrimSpace(*title)
		switch {
		case t == "":
			errs.Add(userErr(CodeRequired, "required", "title"))
		case utf8.RuneCountInString(t) > maxTrackText:
			errs.Add(userErr(CodeTooLong, "text_too_long", "title"))
		}
	}
	if artist != nil {
		a = strings.TrimSpace(*artist)
		if utf8.RuneCountInString(a) > maxTrackText {
			errs.Add(userErr(CodeTooLong, "text_too_long", "artist"))
		}
	}
	return t, a
}

// UploadMusicTrack stores an audio file in the viewer's library. Its type
// is read from its bytes (SniffAudio), never from its name or the
// request's Content-Type: anything but MP3, AAC or Ogg audio is refused
// with music_type_unsupported, a file over the limit with music_too_large.
func (s *Service) UploadMusicTrack(ctx context.Context, in MusicUpload) (*StudioMusicTrack, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	if s.Media == nil {
		return nil, apperr.ErrInternal.With(errors.New("photographer: no blob store for music"))
	}
	var errs apperr.List
	title := in.Title
	if title == nil || strings.TrimSpace(*title) == "" {
		name := strings.TrimSuffix(path.Base(in.Filename), path.Ext(in.Filename))
		if name == "" || name == "." || name == "/" {
			name = "Morceau"
		}
		if r := []rune(name); len(r) > maxTrackText {
			name = string(r[:maxTrackText])
		}
		title = &name
	}
	t, a := trackTexts(title, in.Artist, &errs)
	limit := s.maxMusicBytes()
	if in.Size > limit {
		errs.Add(musicTooLarge(limit))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	data, err := io.ReadAll(io.LimitReader(in.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("photographer: read music: %w", err)
	}
	if int64(len(data)) > limit {
		return nil, apperr.List{musicTooLarge(limit)}
	}
	audio, ok := SniffAudio(data)
	if !ok {
		return nil, apperr.List{userErr(CodeMusicTypeUnsupported, "music_type_unsupported", "file")}
	}
	id := ids.New("trk")
	key := "music/" + id
	if err := s.Media.Bucket.WriteAll(ctx, key, data, nil); err != nil {
		return nil, fmt.Errorf("photographer: store music: %w", err)
	}
	tr, err := s.DB.MusicTrack.Create().SetID(id).SetPhotographerID(pid).SetTitle(t).SetArtist(a).
		SetBlobKey(key).SetContentType(audio.ContentType).SetDurationSeconds(audio.DurationSeconds).
		SetSizeBytes(int64(len(data))).Save(ctx)
	if err != nil {
		_ = s.Media.Bucket.Delete(context.WithoutCancel(ctx), key)
		return nil, fmt.Errorf("photographer: save music: %w", err)
	}
	return studioTrack(tr, nil), nil
}

func musicTooLarge(limit int64) *apperr.Error {
	return userErr(CodeMusicTooLarge, "music_too_large", "file").WithArgs(apperr.Args{"Max": max(limit>>20, 1)})
}

// ownTrack reads one of the viewer's tracks, or track_not_found.
func (s *Service) ownTrack(ctx context.Context, db *ent.Client, pid, id string) (*ent.MusicTrack, error) {
	t, err := db.MusicTrack.Query().Where(musictrack.ID(id), musictrack.HasPhotographerWith(photographer.ID(pid))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.List{userErr(CodeTrackNotFound, "track_not_found", "trackId")}
	}
	if err != nil {
		return nil, fmt.Errorf("photographer: music track: %w", err)
	}
	return t, nil
}

// RenameMusicTrack changes a track's title and, when given, its artist.
func (s *Service) RenameMusicTrack(ctx context.Context, id, title string, artist *string) (*StudioMusicTrack, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	var errs apperr.List
	t, a := trackTexts(&title, artist, &errs)
	if len(errs) > 0 {
		return nil, errs
	}
	tr, err := s.ownTrack(ctx, s.DB, pid, id)
	if err != nil {
		return nil, err
	}
	u := tr.Update().SetTitle(t)
	if artist != nil {
		u.SetArtist(a)
	}
	if tr, err = u.Save(ctx); err != nil {
		return nil, fmt.Errorf("photographer: rename music: %w", err)
	}
	used, err := tr.QueryGalleries().Order(ent.Asc(gallery.FieldEventName)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: rename music: galleries: %w", err)
	}
	return studioTrack(tr, used), nil
}

// DeleteMusicTrack removes a track and its file. A track that a gallery
// has as its music is refused with music_track_in_use (naming how many):
// the photographer first picks another track for those galleries, so no
// gallery goes silent unnoticed. The check and the delete are one
// transaction, and a gallery picking the track meanwhile finds it gone
// (track_not_found) or blocks the delete.
func (s *Service) DeleteMusicTrack(ctx context.Context, id string) (string, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return "", err
	}
	var key string
	err = s.inTx(ctx, func(tx *ent.Client) error {
		tr, err := s.ownTrack(ctx, tx, pid, id)
		if err != nil {
			return err
		}
		n, err := tx.Gallery.Query().Where(gallery.MusicTrackID(tr.ID)).Count(ctx)
		if err != nil {
			return fmt.Errorf("photographer: delete music: galleries: %w", err)
		}
		if n > 0 {
			return apperr.List{userErr(CodeMusicTrackInUse, "music_track_in_use", "trackId").WithArgs(apperr.Args{"Count": n})}
		}
		key = tr.BlobKey
		if err := tx.MusicTrack.DeleteOneID(tr.ID).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: delete music: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if key != "" && s.Media != nil {
		// The row is gone: a file left behind is an orphan, not a failure.
		_ = s.Media.Bucket.Delete(context.WithoutCancel(ctx), key)
	}
	return id, nil
}
