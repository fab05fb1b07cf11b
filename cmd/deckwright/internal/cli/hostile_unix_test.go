//go:build unix

package cli_test

import "syscall"

func mkfifo(name string) error { return syscall.Mkfifo(name, 0o644) }
