#!/usr/bin/perl
# room_fake.pl — a stand-in for a room's server, for the tests of what a client does with
# lines a real room seldom sends: perl room_fake.pl SOCKET FILE listens on SOCKET, takes one
# connection, greets it, waits for its hello, sends it FILE's lines (the room's state and
# whatever follows), then reads until the client leaves (60 s at most) and ends. The lines
# after a line "@answers" in FILE are the answers to the client's requests, one each, in turn
# (an older room's refusals, say); "\n" in an answer ends a line, so that one answer may be
# many lines (a state). Only perl's core modules are used (perl-base).
use strict;
use warnings;
use IO::Socket::UNIX;
use Socket qw(SOCK_STREAM SOMAXCONN);

my ($path, $file) = @ARGV;
die "usage: room_fake.pl SOCKET FILE\n" unless defined $file;
open(my $in, '<', $file) or die "$file: $!\n";
my @lines = <$in>;
close $in;
my @answers;
for my $i (0 .. $#lines) {
    next unless $lines[$i] eq "\@answers\n";
    @answers = @lines[$i + 1 .. $#lines];
    @lines = @lines[0 .. $i - 1];
    last;
}
unlink $path;
my $l = IO::Socket::UNIX->new(Local => $path, Type => SOCK_STREAM, Listen => SOMAXCONN)
    or die "listen $path: $!\n";
$SIG{ALRM} = sub { exit 1 };
alarm 60;
my $c = $l->accept or die "accept: $!\n";
$c->autoflush(1);
$SIG{PIPE} = 'IGNORE';
print $c "cellmate-room 1 fake\n";
while (my $line = <$c>) { last if $line =~ /^hello /; }
print $c $_ for @lines;
while (my $line = <$c>) {
    if ($line =~ /^quit/) {
        print $c "bye goodbye\n";
    } elsif (@answers) {
        (my $answer = shift @answers) =~ s/\\n/\n/g;
        print $c $answer;
    }
}
unlink $path;
