package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestEnsureSecretKeyPersistsUnderDataDir(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"DATA_DIR": dir}
	load := func() Config {
		t.Helper()
		c, err := Load(func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		if err := c.EnsureSecretKey(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	first := load()
	if len(first.SecretKey) != 64 {
		t.Fatalf("generated key %q, want 64 hex characters", first.SecretKey)
	}
	if st, err := os.Stat(filepath.Join(dir, secretKeyFile)); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	if again := load(); again.SecretKey != first.SecretKey {
		t.Fatal("the key changed across restarts")
	}
	env["SECRET_KEY"] = "from-the-environment"
	if c := load(); c.SecretKey != "from-the-environment" {
		t.Fatalf("SECRET_KEY ignored: %q", c.SecretKey)
	}
}
