# SPDX-License-Identifier: GPL-2.0
# fish completion for s2hctl. The keys of "set" and what each takes come
# from "s2hctl help set", which prints its settings table.

function __s2hctl_settings
    s2hctl help set 2>/dev/null | string match -r '^        [a-z_]+ +[A-Za-z].*' | string trim
end

# The words worth offering for the value of the key before the cursor.
function __s2hctl_values
    set -l key (commandline -opc)[-1]
    set key (string replace -r '_sec$' '' -- $key)
    for line in (__s2hctl_settings)
        set -l fields (string split -n ' ' -- $line)
        test "$fields[1]" = "$key"; or continue
        switch $fields[2]
            case BOOL
                printf '%s\n' yes no
            case DURATION
                if test "$key" = handoff
                    printf '%s\n' 0 30s 1m 5m
                else if test "$key" = settle
                    printf '%s\n' 0 10s 20s 1m
                else
                    printf '%s\n' 30m 1h 3h 1d
                end
            case N
            case '*'
                string split '|' -- $fields[2]
        end
    end
end

# After "set" and its options: is the next word a key (odd count of words)?
function __s2hctl_set_wants_key
    set -l words (commandline -opc)
    __fish_seen_subcommand_from set; or return 1
    set -l n 0
    for w in $words[3..-1]
        string match -q -- '-*' $w; or set n (math $n + 1)
    end
    test (math $n % 2) -eq 0
end

function __s2hctl_set_wants_value
    __fish_seen_subcommand_from set; and not __s2hctl_set_wants_key
end

set -l commands show set enable disable check apply monitor log metrics agent report help
complete -c s2hctl -f
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a show -d 'settings, state, last cycle, counters'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a set -d 'change settings'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a enable -d 'arm the alarm on every suspend'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a disable -d 'leave suspends alone'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a check -d 'can this machine hibernate and resume?'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a apply -d 'apply a settings file'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a monitor -d 'print each event'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a log -d 'the last 32 suspend cycles'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a metrics -d 'counters and cycles for Prometheus (node_exporter)'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a agent -d 'hand the hibernations s2h asks for to systemd'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a report -d 'how the machine slept, night by night'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -a help -d 'help on a command'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands" -s V -l version -d 'the version'
complete -c s2hctl -s h -l help -d 'help'
complete -c s2hctl -n "not __fish_seen_subcommand_from $commands; or __fish_seen_subcommand_from show monitor log report" -s j -l json -d 'JSON output'
complete -c s2hctl -n "__fish_seen_subcommand_from monitor" -s t -l timestamps -d 'the time first'
complete -c s2hctl -n "__fish_seen_subcommand_from show" -l origin -d 'the file:line that set each setting'
complete -c s2hctl -n "__fish_seen_subcommand_from log" -s a -l all -d 'every cycle recorded, across boots'
complete -c s2hctl -n "__fish_seen_subcommand_from set enable disable" -l save -d 'write /etc/s2h.conf too'
complete -c s2hctl -n "__fish_seen_subcommand_from check" -l verify-wake -d 'a wake test first: a 20 s suspend'
complete -c s2hctl -n "__fish_seen_subcommand_from check" -l wake-after -x -a "20s 1m 2m 5m" -d "the wake test's alarm, 10s .. 5m"
complete -c s2hctl -n "__fish_seen_subcommand_from check" -l verify -d 'a dry run first (save your work)'
complete -c s2hctl -n "__fish_seen_subcommand_from check" -s y -l yes -d 'do not ask'
complete -c s2hctl -n "__fish_seen_subcommand_from apply" -l check -d 'check FILE and FILE.d/*.conf only'
complete -c s2hctl -n "__fish_seen_subcommand_from apply" -F
complete -c s2hctl -n "__fish_seen_subcommand_from help" -a "$commands"
complete -c s2hctl -n __s2hctl_set_wants_key -a "(__s2hctl_settings | string replace -r ' .*' '')"
complete -c s2hctl -n __s2hctl_set_wants_value -a "(__s2hctl_values)"
complete -c s2hctl -n "__fish_seen_subcommand_from metrics" -a "(__fish_complete_directories)"
complete -c s2hctl -n "__fish_seen_subcommand_from metrics" -s o -l output -r -F -d 'write FILE'
complete -c s2hctl -n "__fish_seen_subcommand_from agent" -l metrics -r -a "(__fish_complete_directories)" -d 'keep DIR/s2h.prom fresh'
complete -c s2hctl -n "__fish_seen_subcommand_from report" -l days -x -a "1 7 30" -d 'the last N nights'
complete -c s2hctl -n "__fish_seen_subcommand_from report" -s o -l output -r -F -d 'one HTML page in FILE'
complete -c s2hctl -n "__fish_seen_subcommand_from report" -l record -r -F -d 'another record: DIR or FILE'
