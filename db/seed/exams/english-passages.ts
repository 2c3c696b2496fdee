/** The four texts the sample English exam's questions share (original). */
import type { ExamInput } from '../../../modules/exams/index.ts';

export const englishPassages: NonNullable<ExamInput['passages']> = [
  {
    ref: 'notice',
    title: 'GREEN SATURDAY',
    content:
      "Join our neighbourhood clean-up this weekend! We are looking (1) ____ volunteers of all ages. Gloves and bags (2) ____ by the organisers. Meet us in front of the library, (3) ____ is next to the post office, at 8 a.m. Bring a bottle of water, (4) ____ it may be hot. Last year, more than 200 people (5) ____ part. Don't miss the (6) ____ to make our streets cleaner!",
  },
  {
    ref: 'sleep',
    title: 'Tips for healthy sleep',
    content:
      'Most teenagers need (7) ____ eight and ten hours of sleep a night. Try to go to bed at the same time every day, (8) ____ at weekends. Avoid using your phone right before bed: its blue light (9) ____ your brain think it is still daytime. A quiet, dark and cool room also helps you fall asleep (10) ____. If you cannot sleep after twenty minutes, get up and do something relaxing (11) ____ you feel tired. Good sleep improves your memory, your mood and your (12) ____.',
  },
  {
    ref: 'bus',
    title: 'The book bus',
    content:
      'In many mountain villages, children have few books to read. Five years ago, a group of teachers in Ha Giang decided to change this. They bought an old bus, removed most of the seats and filled it with shelves holding more than 2,000 books.\nEvery weekend, the "book bus" travels to a different village. When it arrives, children run to meet it, and some of them have walked for over an hour to get there. Volunteers read stories aloud to the youngest children, while older pupils can borrow up to three books for two weeks.\nThe project is funded entirely by donations, and readers from all over the country send books by post. At first, some parents worried that reading would take time away from farm work. However, after the teachers explained that reading helps children do better at school, most of them changed their minds. Today, the teachers hope to buy a second bus so that they can visit twice as many villages.',
  },
  {
    ref: 'plastic',
    title: 'Small pieces, big problem',
    content:
      'Plastic does not simply disappear. Over time, sunlight and waves break bottles and bags into tiny pieces known as microplastics, which are smaller than five millimetres. Scientists have found them almost everywhere: in deep oceans, in Arctic ice, in drinking water and even in the air we breathe.\nBecause they are so small, fish and birds often mistake them for food. The plastic then moves up the food chain and may end up on our plates. Researchers do not yet fully understand how microplastics affect human health, but many are concerned about the chemicals they carry.\nSome countries have responded by banning microbeads, the tiny plastic balls once common in face wash and toothpaste. Individuals can help, too: carrying a reusable bottle, refusing plastic straws and sorting waste correctly all reduce the amount of plastic that reaches nature. As one marine biologist put it, "The cheapest piece of plastic to clean up is the one that was never made."',
  },
];
