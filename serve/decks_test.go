package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckDeckName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"my-deck.txt", true},
		{"Cosmos starter.yaml", true},
		{"ä deck.yml", true},
		{"DECK.TXT", true},
		{"", false},
		{".txt", false},
		{".hidden.txt", false},
		{"../x.txt", false},
		{"a/b.txt", false},
		{`a\b.txt`, false},
		{"/etc/passwd.txt", false},
		{"x..txt", false},
		{"deck", false},
		{"deck.sh", false},
		{"a\x00b.txt", false},
		{"a\x1b[2Jb.txt", false},
		{"a\nb.txt", false},
		{"bad\xffutf8.txt", false},
		{strings.Repeat("a", MaxDeckName) + ".txt", false},
	}
	for _, tt := range tests {
		err := CheckDeckName(tt.name)
		if (err == nil) != tt.ok {
			t.Errorf("CheckDeckName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestDeckStore(t *testing.T) {
	dir := t.TempDir()
	s, err := openDeckStore(filepath.Join(dir, "decks"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if _, err := s.save("a.txt", []byte("3 Comet\n"), precondition{MustBeNew: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.save("a.txt", []byte("2 Comet\n"), precondition{IfMatch: deckVersion([]byte("3 Comet\n"))}); err != nil {
		t.Fatal(err)
	}
	if data, err := s.read("a.txt"); err != nil || string(data) != "2 Comet\n" {
		t.Errorf("read: %q %v", data, err)
	}
	names, err := s.list()
	if err != nil || len(names) != 1 || names[0] != "a.txt" {
		t.Errorf("list: %v %v (want only a.txt: no temporary file left)", names, err)
	}
	if _, err := s.save("big.txt", make([]byte, MaxDeckSize+1), precondition{MustBeNew: true}); err == nil {
		t.Error("wrote a deck larger than MaxDeckSize")
	}
	// Not a regular file: a folder and a FIFO are neither read nor replaced.
	os.Mkdir(filepath.Join(dir, "decks", "sub.txt"), 0o755)
	if _, err := s.read("sub.txt"); err == nil {
		t.Error("read a folder as a deck")
	}
	if _, err := s.save("sub.txt", []byte("x"), precondition{}); err == nil {
		t.Error("replaced a folder with a deck")
	}
	// A link out of the folder is refused both ways.
	outside := filepath.Join(dir, "outside.txt")
	os.WriteFile(outside, []byte("secret"), 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "decks", "link.txt")); err == nil {
		if data, err := s.read("link.txt"); err == nil {
			t.Errorf("read through a link: %q", data)
		}
		if _, err := s.save("link.txt", []byte("x"), precondition{}); err == nil {
			t.Error("wrote over a link")
		}
		if data, _ := os.ReadFile(outside); string(data) != "secret" {
			t.Errorf("file outside changed: %q", data)
		}
	}
	if _, err := s.read("../outside.txt"); err == nil {
		t.Error("read ../outside.txt")
	}
	// A deck over MaxDeckSize put there by another program is not read.
	os.WriteFile(filepath.Join(dir, "decks", "huge.txt"), make([]byte, MaxDeckSize+1), 0o644)
	if _, err := s.read("huge.txt"); err == nil || !strings.Contains(err.Error(), "more than the 1048576 bytes a deck may have") {
		t.Errorf("read of a deck over MaxDeckSize: %v", err)
	}
}

func TestLocalHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:8080": true, "[::1]:80": true, "localhost": true,
		"192.168.1.5:8080":  true, // an IP literal cannot be a rebound name
		"evil.example:8080": false, "evil.example": false, "localhost.evil.example": false, "": false,
	} {
		if got := localHost(host); got != want {
			t.Errorf("localHost(%q) = %v, want %v", host, got, want)
		}
	}
}
