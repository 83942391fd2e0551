#!/usr/bin/perl -0p
# Tidies the page help2man makes from `tinycollage --help` (mk/man.mk): that
# help is three usages in one, which help2man alone reads as one program.
# Here the commands' usage lines join the SYNOPSIS, and each command's own
# "Usage: tinycollage CMD …" paragraph becomes a subsection of its own, so
# its options stand under its name. Wording stays the program's; this only
# moves it. mk/man.mk fails the build when a pattern no longer matches.

# The indented usage lines after the first, which help2man put at the top
# of DESCRIPTION, go to the end of SYNOPSIS, one to a line.
s{\.IP\n((?:tinycollage .*\n)+)(?=\.PP\n)}{}
    and $usages = $1;
$usages =~ s{^tinycollage (.*)$}{.br\n.B tinycollage\n$1}mg;
s{(\.SH SYNOPSIS\n(?:.*\n)*?)(?=\.SH DESCRIPTION)}{$1$usages};

# "Usage: tinycollage render …" starts the render command's part.
s{^\.PP\nUsage: tinycollage ([\w\\-]+) (.*)$}{.SS "tinycollage $1"\n.B tinycollage $1\n$2}mg;
