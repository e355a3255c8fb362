package com.example.notes;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Step 1: notes kept in a list.
 * @author sitegen
 */
public final class Tutorial {
    private static final int MAX_TITLE = 120;
    private final List<String> notes = new ArrayList<>();

    // Step 2: add a note, trimmed.
    public Tutorial add(String title) {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a note needs a title");
        }
        notes.add(title.strip().substring(0, Math.min(title.length(), MAX_TITLE)));
        return this;
    }

    @Override
    public String toString() {
        return notes.stream().map(n -> "- " + n).collect(Collectors.joining("\n"));
    }

    public static void main(String[] args) {
        var tutorial = new Tutorial().add("Welcome").add("Tips: 'swipe' to delete");
        System.out.println(tutorial + " " + 0x1F + 1.5e3 + 'c' + 10L);
    }
}
