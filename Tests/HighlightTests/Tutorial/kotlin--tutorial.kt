package com.example.notes

import kotlinx.coroutines.flow.MutableStateFlow

/** Step 1: the data class the screen shows. */
data class Note(val id: Long, val title: String, val pinned: Boolean = false)

// Step 2: a repository that keeps notes in memory.
class NoteRepository {
    private val notes = MutableStateFlow<List<Note>>(emptyList())

    fun add(title: String): Note {
        val note = Note(id = System.nanoTime(), title = title.trim())
        notes.value = notes.value + note
        return note
    }

    fun pinned(): List<Note> = notes.value.filter { it.pinned }.sortedBy { it.title }

    companion object {
        const val MAX_TITLE = 120
        val sample = listOf(Note(1L, "Welcome"), Note(2L, "Tips: \"swipe\" to delete", true))
    }
}

fun main() {
    val repository = NoteRepository()
    repository.add("Buy milk")
    println("There are ${repository.pinned().size} pinned notes, max ${NoteRepository.MAX_TITLE}")
    when (val count = NoteRepository.sample.size) {
        0 -> println("none")
        in 1..9 -> println("a few: $count")
        else -> println(0x7F + 1.5f)
    }
}
