package config

import (
	"os"
	"path/filepath"
	"reflect"
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

// TestLimitSettings: every limit has its default, takes a value in its
// range and refuses one outside (docs/limits.md).
func TestLimitSettings(t *testing.T) {
	c, err := Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	want := Config{MaxBodyBytes: 1 << 20, MaxWebhookBytes: 256 << 10, MaxUploadRequestBytes: 512 << 20,
		MaxUploadFileBytes: 64 << 20, MaxUploadPixels: 100_000_000, GraphQLMaxDepth: 12,
		GraphQLMaxComplexity: 5000, GraphQLMaxTokens: 15000, MaxPageSize: 100, MaxListItems: 2000}
	if got := limitsOf((Config{}).WithLimitDefaults()); !reflect.DeepEqual(got, want) {
		t.Fatalf("WithLimitDefaults = %+v, want %+v", got, want)
	}
	if got := limitsOf(c); !reflect.DeepEqual(got, want) {
		t.Fatalf("defaults %+v, want %+v", got, want)
	}
	for _, tc := range []struct {
		env, value string
		ok         bool
	}{
		{"MAX_BODY_BYTES", "1", true}, {"MAX_BODY_BYTES", "0", false}, {"MAX_BODY_BYTES", "-5", false},
		{"MAX_WEBHOOK_BYTES", "1024", true}, {"MAX_WEBHOOK_BYTES", "0", false},
		{"MAX_UPLOAD_REQUEST_BYTES", "2048", true}, {"MAX_UPLOAD_REQUEST_BYTES", "1k", false},
		{"MAX_UPLOAD_FILE_BYTES", "1", true}, {"MAX_UPLOAD_FILE_BYTES", "0", false},
		{"MAX_UPLOAD_PIXELS", "2147483647", true}, {"MAX_UPLOAD_PIXELS", "2147483648", false},
		{"GRAPHQL_MAX_DEPTH", "1000", true}, {"GRAPHQL_MAX_DEPTH", "1001", false}, {"GRAPHQL_MAX_DEPTH", "0", false},
		{"GRAPHQL_MAX_COMPLEXITY", "1", true}, {"GRAPHQL_MAX_COMPLEXITY", "0", false},
		{"GRAPHQL_MAX_TOKENS", "1", true}, {"GRAPHQL_MAX_TOKENS", "x", false},
		{"MAX_PAGE_SIZE", "100", true}, {"MAX_PAGE_SIZE", "101", false}, {"MAX_PAGE_SIZE", "0", false},
		{"MAX_LIST_ITEMS", "1", true}, {"MAX_LIST_ITEMS", "0", false},
		{"BACKUP_EVERY", "6h", true}, {"BACKUP_EVERY", "10s", false}, {"BACKUP_KEEP", "7d,4w", true}, {"BACKUP_KEEP", "3d", true},
		{"BACKUP_KEEP", "0d,0w", false}, {"BACKUP_KEEP", "7x", false},
	} {
		_, err := Load(func(k string) string {
			if k == tc.env {
				return tc.value
			}
			return ""
		})
		if (err == nil) != tc.ok {
			t.Errorf("%s=%s: err %v, want ok=%v", tc.env, tc.value, err, tc.ok)
		}
	}
}

func limitsOf(c Config) Config {
	return Config{MaxBodyBytes: c.MaxBodyBytes, MaxWebhookBytes: c.MaxWebhookBytes, MaxUploadRequestBytes: c.MaxUploadRequestBytes,
		MaxUploadFileBytes: c.MaxUploadFileBytes, MaxUploadPixels: c.MaxUploadPixels, GraphQLMaxDepth: c.GraphQLMaxDepth,
		GraphQLMaxComplexity: c.GraphQLMaxComplexity, GraphQLMaxTokens: c.GraphQLMaxTokens, MaxPageSize: c.MaxPageSize,
		MaxListItems: c.MaxListItems}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load(func(string) string { return "" })
	if err != nil || len(c.TrustedProxies) != 0 {
		t.Fatalf("default: %v %v, want none trusted", c.TrustedProxies, err)
	}
	f := filepath.Join(t.TempDir(), "proxies")
	if err := os.WriteFile(f, []byte("10.0.0.0/8, 192.168.1.7 ,2001:db8::/32\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err = Load(func(k string) string { return map[string]string{"TRUSTED_PROXIES_FILE": f}[k] })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if want := []string{"10.0.0.0/8", "192.168.1.7/32", "2001:db8::/32"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("TRUSTED_PROXIES_FILE: %v, want %v", got, want)
	}
	if _, err := Load(func(k string) string { return map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"}[k] }); err == nil {
		t.Fatal("a host name was accepted as a trusted proxy")
	}
}
