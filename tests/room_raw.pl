#!/usr/bin/perl
# room_raw.pl — a raw client for a room's socket, for the tests of what a server does with
# bad input: perl room_raw.pl SOCKET, then steps on standard input, one a line:
#   send TEXT       send TEXT (\n, \r, \t, \\ and \xHH are read as escapes), nothing added
#   repeat N TEXT   send TEXT N times at once
#   trickle N S TEXT  send TEXT N times, S seconds apart, reading nothing (a client that
#                   writes faster than it reads); stops quietly once the server has closed
#   expect TEXT     read until a line holding TEXT comes (5 s at most)
#   answer          read until the answer to a request comes: "ok" or "error ..." (5 s at most)
#   closed          read until the server closes the connection (5 s at most)
#   hold S          keep the connection open S seconds, reading what comes
#   flood N S       open N more connections to the socket, S seconds apart, each saying nothing
#                   and kept open until the room drops it (a flood from one process), "opened
#                   K" printed after each
#   forkflood N S   the same from N processes, one connection each (each leaves once the room
#                   closes its connection; all are ended with this one)
# Every line received is printed with "< " before it; each step's outcome as "ok STEP" or
# "FAILED STEP". Only perl's core modules are used (perl-base).
use strict;
use warnings;
use IO::Socket::UNIX;
use IO::Select;
use Socket qw(SOCK_STREAM);

my $path = shift or die "usage: room_raw.pl SOCKET\n";
my $s = IO::Socket::UNIX->new(Peer => $path, Type => SOCK_STREAM) or die "connect $path: $!\n";
$s->autoflush(1);
my $sel = IO::Select->new($s);
my $buf = '';
my $eof = 0;
$SIG{PIPE} = 'IGNORE';
$| = 1; # each line as it comes: a test may watch a client in the background
my @children; # forkflood's processes, ended with this one
$SIG{TERM} = sub { kill 'TERM', @children; exit 1 };
END { kill 'TERM', @children if @children }

sub unescape {
    my $t = shift;
    $t =~ s/\\(x([0-9a-fA-F]{2})|n|r|t|\\)/
        defined $2 ? chr(hex $2) : $1 eq 'n' ? "\n" : $1 eq 'r' ? "\r" : $1 eq 't' ? "\t" : "\\"/ge;
    return $t;
}

# Read for up to $secs; return when $want (a code ref on each line) says yes.
sub pump {
    my ($secs, $want) = @_;
    my $until = time + $secs;
    while (time < $until) {
        while ($buf =~ s/^([^\n]*)\n//) {
            print "< $1\n";
            return 1 if $want && $want->($1);
        }
        return 0 if $eof;
        next unless $sel->can_read(0.1);
        my $n = sysread($s, my $chunk, 65536);
        if (!$n) { $eof = 1; print "< (closed)\n"; return 0 }
        $buf .= $chunk;
    }
    return 0;
}

while (my $step = <STDIN>) {
    chomp $step;
    next if $step eq '';
    my $ok = 1;
    if ($step =~ /^send (.*)$/) {
        my $t = unescape($1);
        $ok = defined syswrite($s, $t);
    } elsif ($step =~ /^repeat (\d+) (.*)$/) {
        my $t = unescape($2) x $1;
        my $off = 0;
        while ($off < length $t) {
            my $w = syswrite($s, $t, length($t) - $off, $off);
            if (!defined $w) { $ok = 0; last }
            $off += $w;
        }
    } elsif ($step =~ /^trickle (\d+) (\d+(?:\.\d+)?) (.*)$/) {
        my ($n, $pause, $t) = ($1, $2, unescape($3));
        for (1 .. $n) {
            last unless defined syswrite($s, $t);
            select(undef, undef, undef, $pause);
        }
    } elsif ($step =~ /^expect (.*)$/) {
        my $want = $1;
        $ok = pump(5, sub { index($_[0], $want) >= 0 });
    } elsif ($step eq 'answer') {
        $ok = pump(5, sub { $_[0] eq 'ok' || $_[0] =~ /^error / });
    } elsif ($step eq 'closed') {
        pump(5, undef);
        $ok = $eof;
    } elsif ($step =~ /^hold (\d+(\.\d+)?)$/) {
        pump($1, undef);
    } elsif ($step =~ /^forkflood (\d+) (\d+(?:\.\d+)?)$/) {
        my ($n, $pause) = ($1, $2);
        for my $k (1 .. $n) {
            my $pid = fork;
            if (defined $pid && $pid == 0) {
                my $c = IO::Socket::UNIX->new(Peer => $path, Type => SOCK_STREAM);
                1 while $c && sysread($c, my $chunk, 4096); # until the room drops it
                exit 0;
            }
            push @children, $pid if $pid;
            print "opened $k\n";
            select(undef, undef, undef, $pause);
        }
    } elsif ($step =~ /^flood (\d+) (\d+(?:\.\d+)?)$/) {
        my ($n, $pause) = ($1, $2);
        my $held = IO::Select->new;
        for my $k (1 .. $n) {
            my $c = IO::Socket::UNIX->new(Peer => $path, Type => SOCK_STREAM);
            $held->add($c) if $c;
            for my $gone ($held->can_read(0)) { # dropped by the room: its descriptor freed
                next if sysread($gone, my $chunk, 4096);
                $held->remove($gone);
                close $gone;
            }
            print "opened $k\n";
            select(undef, undef, undef, $pause);
        }
    } else {
        die "room_raw.pl: unknown step '$step'\n";
    }
    print $ok ? "ok $step\n" : "FAILED $step\n";
}
