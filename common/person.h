/*
 * person.h - who is one person, the rule patchsim's evidence and
 * ptreport's verdicts share: the same address, or the same name (an
 * author who posts from home and from work).
 */
#ifndef PT_PERSON_H
#define PT_PERSON_H

/*
 * Are the person of addr_a and name_a and the one of addr_b and name_b
 * one?  Addresses and names are interned (equal strings, equal
 * pointers), as the caller's tables keep them.  An empty name is
 * nobody's; so is an empty address, unless empty_addr_one is set: then
 * two people without an address are one (ptreport: the senders of mails
 * without one are not told apart).
 */
int one_person(const char *addr_a, const char *name_a, const char *addr_b,
    const char *name_b, int empty_addr_one);

#endif
